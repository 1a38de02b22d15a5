// A US postal address as typed (an invoice sent by post, the account's address and remit-to): any
// text until the server validates it, which names the field it refuses.
import type { S } from '../../api.ts';
import { Field } from '../../ui.tsx';

export interface AddressDraft {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

export const emptyAddress = (): AddressDraft => ({ address1: '', address2: '', city: '', state: '', zip: '' });

export const draftOf = (a: S['PostalAddress'] | null | undefined): AddressDraft =>
  a ? { address1: a.address1, address2: a.address2 ?? '', city: a.city, state: a.state, zip: a.zip } : emptyAddress();

export const isBlank = (a: AddressDraft) => Object.values(a).every((v) => v.trim() === '');

/** The address to send (the server checks the state and the ZIP code). */
export const postalOf = (a: AddressDraft): S['PostalAddress'] => ({
  address1: a.address1.trim(),
  ...(a.address2.trim() ? { address2: a.address2.trim() } : {}),
  city: a.city.trim(),
  state: a.state.trim() as S['PostalAddress']['state'],
  zip: a.zip.trim(),
});

/** The fields of one address in a fieldset; `name` prefixes the inputs' names (`remit_to.city`). */
export function AddressFields({ legend, name, value, onChange, required = false }: { legend: string; name: string; value: AddressDraft; onChange: (a: AddressDraft) => void; required?: boolean }) {
  const set = (k: keyof AddressDraft) => (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [k]: k === 'state' ? e.target.value.toUpperCase() : e.target.value });
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="row">
        <Field label="Address">
          <input name={`${name}.address1`} required={required} autoComplete="off" value={value.address1} onChange={set('address1')} />
        </Field>
        <Field label="Address line 2">
          <input name={`${name}.address2`} autoComplete="off" value={value.address2} onChange={set('address2')} />
        </Field>
      </div>
      <div className="row">
        <Field label="City">
          <input name={`${name}.city`} required={required} autoComplete="off" value={value.city} onChange={set('city')} />
        </Field>
        <Field label="State">
          <input name={`${name}.state`} required={required} maxLength={2} size={3} autoComplete="off" value={value.state} onChange={set('state')} />
        </Field>
        <Field label="ZIP">
          <input name={`${name}.zip`} required={required} pattern="\d{5}" size={6} autoComplete="off" value={value.zip} onChange={set('zip')} />
        </Field>
      </div>
    </fieldset>
  );
}
