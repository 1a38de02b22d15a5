// Settings > Account: the brokerage's own details, which every document it sends carries (invoices,
// remittance advice, rate confirmations, bills of lading): legal name, address, phone, email, where
// customers send payments and how to pay. Read with accounting:read, changed with accounting:write
// (owners and admins); documents already sent keep what they were sent with.
import { useState } from 'react';
import { api, must, type S } from '../api.ts';
import { useSession } from '../session.tsx';
import { Field, Form, Loadable, PageHeader, time, useLoad } from '../ui.tsx';
import { AddressFields, draftOf, isBlank, postalOf, type AddressDraft } from './accounting/address.tsx';
import { addressText } from './accounting/delivery.tsx';

/** A text field as typed: empty clears it (`null`). */
const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

function EditAccount({ account, onSaved }: { account: S['Account']; onSaved: (a: S['Account']) => void }) {
  const [legalName, setLegalName] = useState(account.legal_name ?? '');
  const [email, setEmail] = useState(account.email ?? '');
  const [phone, setPhone] = useState(account.phone ?? '');
  const [address, setAddress] = useState<AddressDraft>(() => draftOf(account.address));
  const [remitTo, setRemitTo] = useState<AddressDraft>(() => draftOf(account.remit_to));
  const [instructions, setInstructions] = useState(account.payment_instructions ?? '');
  return (
    <Form
      label="Save settings"
      submit={async () =>
        onSaved(
          await must(
            api.PATCH('/v1/account', {
              body: {
                legal_name: orNull(legalName),
                email: orNull(email),
                phone: orNull(phone),
                address: isBlank(address) ? null : postalOf(address),
                remit_to: isBlank(remitTo) ? null : postalOf(remitTo),
                payment_instructions: instructions.trim() === '' ? null : instructions,
              },
            }),
          ),
        )
      }
    >
      <div className="row">
        <Field label="Legal name" hint={`Printed on every document; until it is set, the account's name (${account.name}).`}>
          <input name="legal_name" maxLength={200} size={40} value={legalName} onChange={(e) => setLegalName(e.target.value)} />
        </Field>
        <Field label="Email" hint="Where customers and carriers reply.">
          <input name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Phone" hint="E.164, e.g. +13125550142">
          <input name="phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </Field>
      </div>
      <AddressFields legend="Address" name="address" required={!isBlank(address)} value={address} onChange={setAddress} />
      <AddressFields legend="Remit-to address (where customers mail payments, when not to the address above)" name="remit_to" required={!isBlank(remitTo)} value={remitTo} onChange={setRemitTo} />
      <Field label="Payment instructions" hint="How customers pay: bank, routing and account numbers, terms. Printed on invoices; up to 1,000 characters.">
        <textarea name="payment_instructions" rows={4} maxLength={1000} value={instructions} onChange={(e) => setInstructions(e.target.value)} />
      </Field>
      <p className="muted">Leave a field empty to clear it. Documents already sent keep the details they were sent with.</p>
    </Form>
  );
}

function AccountDetails({ account: a }: { account: S['Account'] }) {
  return (
    <dl data-testid="account-details">
      <dt>Legal name</dt>
      <dd>{a.legal_name ?? <span className="muted">not set: documents carry {a.name}</span>}</dd>
      <dt>Address</dt>
      <dd>{a.address ? addressText(a.address) : '—'}</dd>
      <dt>Phone</dt>
      <dd>{a.phone ?? '—'}</dd>
      <dt>Email</dt>
      <dd>{a.email ?? '—'}</dd>
      <dt>Remit to</dt>
      <dd>{a.remit_to ? addressText(a.remit_to) : <span className="muted">the address</span>}</dd>
      <dt>Payment instructions</dt>
      <dd className="pre-line">{a.payment_instructions ?? '—'}</dd>
      <dt>Updated</dt>
      <dd>{time(a.updated)}</dd>
    </dl>
  );
}

export function AccountSettings() {
  const { can } = useSession();
  const state = useLoad(() => must(api.GET('/v1/account')), []);
  const [saved, setSaved] = useState<S['Account']>();
  const account = saved ?? state.data;
  return (
    <>
      <PageHeader title="Account settings" />
      <p className="hint">The brokerage's details, printed on its invoices, remittance advice, rate confirmations and bills of lading.</p>
      <Loadable state={{ ...state, data: account }}>
        {(a) => (
          <div className="grid">
            <section className="card">
              <h2>{a.name}</h2>
              <AccountDetails account={a} />
            </section>
            {can('accounting:write') ? (
              <section className="card wide">
                <h2>Edit</h2>
                {saved ? (
                  <p role="status" data-testid="account-saved">
                    Saved at {time(saved.updated)}: documents made from now on carry these details.
                  </p>
                ) : null}
                <EditAccount key={a.updated} account={a} onSaved={setSaved} />
              </section>
            ) : (
              <p className="muted">Owners and admins change these details.</p>
            )}
          </div>
        )}
      </Loadable>
    </>
  );
}
