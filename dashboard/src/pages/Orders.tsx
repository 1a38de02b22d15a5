// Orders: the list (status filter, paging), creating one (addresses, vehicles with the VIN checked as
// you type), and an order's page with its timeline, the moves its status allows, its documents (rate
// confirmation once dispatched, bill of lading once delivered) and the messages about it.
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { vinCheckDigit, vinCheckApplies } from '../../../src/orders/vin.ts';
import { api, must, type S } from '../api.ts';
import { EXCEPTION_KINDS, ORDER_STATUSES, VEHICLE_TYPES } from '../catalog.ts';
import { Can, useSession } from '../session.tsx';
import { Action, Badge, ErrorBox, Field, Form, IdLink, ListTable, Loadable, PageHeader, ReasonedAction, money, time, useLoad, usePaged } from '../ui.tsx';
import { PdfLink, SubjectMessages } from './accounting/delivery.tsx';

/**
 * The account's customers by id, for names in lists (the first 100; others show their id): one
 * request per page visit, which `withNames` waits for, so rows never show before the names do.
 */
function useCustomerNames() {
  const { can } = useSession();
  const [load] = useState(() =>
    can('customers:read')
      ? must(api.GET('/v1/customers', { params: { query: { limit: 100 } } })).then(
          (p) => new Map(p.data.map((c) => [c.id, c.name])),
          () => new Map<string, string>(), // the list still shows, with ids
        )
      : Promise.resolve(new Map<string, string>()),
  );
  const [names, setNames] = useState(() => new Map<string, string>());
  const withNames = async <T,>(page: Promise<T>): Promise<T> => {
    const [p, n] = await Promise.all([page, load]);
    setNames(n);
    return p;
  };
  return { names, withNames };
}

export function OrderList() {
  const [params, setParams] = useSearchParams();
  const { names, withNames } = useCustomerNames();
  const status = (params.get('status') ?? '') as S['OrderStatus'] | '';
  const { state, pager } = usePaged(
    (cursor) => withNames(must(api.GET('/v1/orders', { params: { query: { limit: 20, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } } }))),
    [status],
  );
  return (
    <>
      <PageHeader title="Orders">
        <Can scope="orders:write">
          <Link className="button primary" to="/orders/new">
            Create order
          </Link>
        </Can>
      </PageHeader>
      <div className="filters">
        <Field label="Status">
          <select name="status" value={status} onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}>
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace('_', ' ')}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ListTable
        state={state}
        pager={pager}
        empty={status ? `No ${status.replace('_', ' ')} order.` : 'No order yet.'}
        head={
          <tr>
            <th>Load</th>
            <th>Customer</th>
            <th>Status</th>
            <th>Route</th>
            <th>Vehicles</th>
            <th>Ready</th>
            <th>Price</th>
            <th>Created</th>
          </tr>
        }
        row={(o) => (
          <tr key={o.id}>
            <td>
              <Link to={`/orders/${o.id}`} data-testid="order-number">
                {o.number}
              </Link>
              {o.reference ? <div className="muted">ref. {o.reference}</div> : null}
            </td>
            <td>{names.get(o.customer_id) ?? <code>{o.customer_id}</code>}</td>
            <td>
              <Badge value={o.status} />
            </td>
            <td>
              {o.pickup.city}, {o.pickup.state} → {o.delivery.city}, {o.delivery.state}
            </td>
            <td>{o.vehicles.map((v) => `${v.year} ${v.make} ${v.model}`).join(', ')}</td>
            <td>{o.ready_date}</td>
            <td>{money(o.price, o.currency)}</td>
            <td>{time(o.created)}</td>
          </tr>
        )}
      />
    </>
  );
}

/** A stop as typed: the state is any text until the server validates it. */
type Stop = Omit<S['OrderStop'], 'state'> & { state: string };
const emptyStop = (): Stop => ({ address1: '', city: '', state: '', zip: '' });
const asStop = (s: Stop): S['OrderStop'] => ({ ...s, state: s.state as S['OrderStop']['state'] });
interface VehicleDraft {
  vin: string;
  year: string;
  make: string;
  model: string;
  type: S['VehicleType'];
  inoperable: boolean;
}
const emptyVehicle = (): VehicleDraft => ({ vin: '', year: '', make: '', model: '', type: 'car', inoperable: false });

/** What is wrong with a VIN as typed so far (the server applies the same rule: src/orders/vin.ts). */
export function vinProblem(vin: string, year: number | null): string | null {
  if (vin === '') return null;
  if (!/^[A-Z0-9]*$/.test(vin)) return 'Capital letters and digits only.';
  if (year !== null && !vinCheckApplies(year)) {
    // Before model year 1981 manufacturers numbered their own way: 5 to 17 characters, no check digit.
    if (vin.length < 5) return `${5 - vin.length} more characters.`;
    return vin.length > 17 ? 'A VIN has at most 17 characters.' : null;
  }
  if (/[IOQ]/.test(vin)) return 'A VIN never contains I, O or Q.';
  if (vin.length < 17) return `${17 - vin.length} more characters.`;
  if (vin.length > 17) return 'A VIN has 17 characters.';
  const expected = vinCheckDigit(vin);
  if (expected === null) return 'Not a valid VIN.';
  if (expected !== vin[8]) return `Check digit mismatch: position 9 should be ${expected} for this VIN.`;
  return null;
}

function StopFields({ title, stop, onChange }: { title: string; stop: Stop; onChange: (s: Stop) => void }) {
  const set = (k: keyof Stop) => (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...stop, [k]: e.target.value || (k === 'address1' || k === 'city' || k === 'state' || k === 'zip' ? '' : undefined) });
  const prefix = title.toLowerCase();
  return (
    <fieldset>
      <legend>{title}</legend>
      <Field label="Address">
        <input name={`${prefix}.address1`} required value={stop.address1} onChange={set('address1')} />
      </Field>
      <div className="row">
        <Field label="City">
          <input name={`${prefix}.city`} required value={stop.city} onChange={set('city')} />
        </Field>
        <Field label="State">
          <input name={`${prefix}.state`} required maxLength={2} size={3} value={stop.state} onChange={(e) => onChange({ ...stop, state: e.target.value.toUpperCase() })} />
        </Field>
        <Field label="ZIP">
          <input name={`${prefix}.zip`} required pattern="\d{5}" size={6} value={stop.zip} onChange={set('zip')} />
        </Field>
      </div>
      <div className="row">
        <Field label="Contact">
          <input name={`${prefix}.contact_name`} value={stop.contact_name ?? ''} onChange={set('contact_name')} />
        </Field>
        <Field label="Contact phone">
          <input name={`${prefix}.contact_phone`} placeholder="+13125550142" value={stop.contact_phone ?? ''} onChange={set('contact_phone')} />
        </Field>
      </div>
    </fieldset>
  );
}

const cents = (dollars: string): number | undefined => (dollars.trim() === '' ? undefined : Math.round(Number(dollars) * 100));

export function OrderCreate() {
  const navigate = useNavigate();
  const customers = useLoad(() => must(api.GET('/v1/customers', { params: { query: { limit: 100 } } })), []);
  const [customerId, setCustomerId] = useState('');
  const [pickup, setPickup] = useState<Stop>(emptyStop);
  const [delivery, setDelivery] = useState<Stop>(emptyStop);
  const [vehicles, setVehicles] = useState<VehicleDraft[]>([emptyVehicle()]);
  const [readyDate, setReadyDate] = useState(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  const [price, setPrice] = useState('');
  const [windowDays, setWindowDays] = useState('7');
  const [carrierPay, setCarrierPay] = useState('');
  const [reference, setReference] = useState('');
  const problems = vehicles.map((v) => vinProblem(v.vin, v.year ? Number(v.year) : null));
  const setVehicle = (i: number, patch: Partial<VehicleDraft>) => setVehicles((vs) => vs.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <>
      <PageHeader title="Create order" />
      <Loadable state={customers} isEmpty={(p) => p.data.length === 0} empty={<>Create a <Link to="/customers">customer</Link> first.</>}>
        {(list) => (
          <Form
            label="Create order"
            submit={async () => {
              if (problems.some(Boolean)) throw new Error('Fix the VINs first.');
              const price$ = cents(price);
              const pay$ = cents(carrierPay);
              const order = await must(
                api.POST('/v1/orders', {
                  body: {
                    customer_id: customerId,
                    pickup: asStop(pickup),
                    delivery: asStop(delivery),
                    vehicles: vehicles.map((v) => ({ vin: v.vin, year: Number(v.year), make: v.make, model: v.model, type: v.type, inoperable: v.inoperable })),
                    ready_date: readyDate,
                    delivery_window_days: Number(windowDays),
                    currency: 'usd',
                    ...(price$ !== undefined ? { price: price$ } : {}),
                    ...(pay$ !== undefined ? { carrier_pay: pay$ } : {}),
                    ...(reference.trim() ? { reference: reference.trim() } : {}),
                  },
                }),
              );
              navigate(`/orders/${order.id}`);
            }}
          >
            <Field label="Customer">
              <select name="customer_id" required value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
                <option value="">Choose…</option>
                {list.data.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Customer's reference" hint="Their PO or stock number (optional)">
              <input name="reference" maxLength={100} value={reference} onChange={(e) => setReference(e.target.value)} />
            </Field>
            <div className="row">
              <StopFields title="Pickup" stop={pickup} onChange={setPickup} />
              <StopFields title="Delivery" stop={delivery} onChange={setDelivery} />
            </div>
            {vehicles.map((v, i) => (
              <fieldset key={i} className="vehicle">
                <legend>Vehicle {i + 1}</legend>
                <div className="row">
                  <Field label="VIN" hint={problems[i] ? <span className="invalid" data-testid={`vin-problem-${i}`}>{problems[i]}</span> : v.vin.length === 17 ? <span className="valid">Check digit OK</span> : null}>
                    <input
                      name={`vehicles.${i}.vin`}
                      required
                      size={19}
                      aria-invalid={Boolean(problems[i])}
                      value={v.vin}
                      onChange={(e) => setVehicle(i, { vin: e.target.value.toUpperCase().trim() })}
                    />
                  </Field>
                  <Field label="Year">
                    <input name={`vehicles.${i}.year`} required type="number" min={1900} max={new Date().getFullYear() + 1} value={v.year} onChange={(e) => setVehicle(i, { year: e.target.value })} />
                  </Field>
                  <Field label="Make">
                    <input name={`vehicles.${i}.make`} required value={v.make} onChange={(e) => setVehicle(i, { make: e.target.value })} />
                  </Field>
                  <Field label="Model">
                    <input name={`vehicles.${i}.model`} required value={v.model} onChange={(e) => setVehicle(i, { model: e.target.value })} />
                  </Field>
                  <Field label="Type">
                    <select value={v.type} onChange={(e) => setVehicle(i, { type: e.target.value as S['VehicleType'] })}>
                      {VEHICLE_TYPES.map((t) => (
                        <option key={t}>{t}</option>
                      ))}
                    </select>
                  </Field>
                  <label className="check">
                    <input type="checkbox" checked={v.inoperable} onChange={(e) => setVehicle(i, { inoperable: e.target.checked })} /> Inoperable
                  </label>
                </div>
                {vehicles.length > 1 ? (
                  <button type="button" onClick={() => setVehicles((vs) => vs.filter((_, j) => j !== i))}>
                    Remove vehicle
                  </button>
                ) : null}
              </fieldset>
            ))}
            {vehicles.length < 10 ? (
              <button type="button" onClick={() => setVehicles((vs) => [...vs, emptyVehicle()])}>
                Add vehicle
              </button>
            ) : null}
            <div className="row">
              <Field label="Ready date">
                <input name="ready_date" type="date" required value={readyDate} onChange={(e) => setReadyDate(e.target.value)} />
              </Field>
              <Field label="Delivery window (days)">
                <input name="delivery_window_days" type="number" min={1} max={60} required value={windowDays} onChange={(e) => setWindowDays(e.target.value)} />
              </Field>
              <Field label="Price (USD)">
                <input name="price" type="number" min={0} step="0.01" value={price} onChange={(e) => setPrice(e.target.value)} />
              </Field>
              <Field label="Carrier pay (USD)">
                <input name="carrier_pay" type="number" min={0} step="0.01" value={carrierPay} onChange={(e) => setCarrierPay(e.target.value)} />
              </Field>
            </div>
          </Form>
        )}
      </Loadable>
    </>
  );
}

function Timeline({ order, carrierName }: { order: S['Order']; carrierName: string | null }) {
  const entries: { at: number; what: string; detail?: string }[] = [{ at: order.created, what: 'Created' }];
  if (order.dispatched_at) entries.push({ at: order.dispatched_at, what: 'Dispatched', ...(order.carrier_id ? { detail: `to ${carrierName ?? order.carrier_id}` } : {}) });
  if (order.picked_up_at) entries.push({ at: order.picked_up_at, what: 'Picked up' });
  if (order.delivered_at) entries.push({ at: order.delivered_at, what: 'Delivered', ...(order.bill_of_lading ? { detail: `signed by ${order.bill_of_lading.signed_by}` } : {}) });
  if (order.cancelled_at) entries.push({ at: order.cancelled_at, what: 'Cancelled', ...(order.cancellation_reason ? { detail: order.cancellation_reason } : {}) });
  for (const e of order.exceptions) entries.push({ at: e.created, what: `Exception: ${e.kind}`, ...(e.note ? { detail: e.note } : {}) });
  // A cancellation or delivery undone keeps its place in the history, beside its reopening.
  for (const r of order.reopenings) {
    if (r.from_status === 'cancelled') entries.push({ at: r.ended_at, what: 'Cancelled', ...(r.cancellation_reason ? { detail: r.cancellation_reason } : {}) });
    else entries.push({ at: r.ended_at, what: 'Delivered', ...(r.bill_of_lading ? { detail: `signed by ${r.bill_of_lading.signed_by}` } : {}) });
    entries.push({ at: r.created, what: `Reopened (${STATUS_WORDS[r.to_status]})`, detail: r.reason });
  }
  entries.sort((a, b) => a.at - b.at);
  return (
    <ol className="timeline" data-testid="timeline">
      {entries.map((e, i) => (
        <li key={i}>
          <time>{time(e.at)}</time> <strong>{e.what}</strong> {e.detail ? <span>{e.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}

function Dispatch({ order, onDone }: { order: S['Order']; onDone: () => void }) {
  const carriers = useLoad(() => must(api.GET('/v1/carriers', { params: { query: { status: 'active', limit: 100 } } })), []);
  const [carrierId, setCarrierId] = useState('');
  // The carrier's pay is agreed as the load is dispatched: what its rate confirmation states.
  const [carrierPay, setCarrierPay] = useState(order.carrier_pay === null ? '' : String(order.carrier_pay / 100));
  const pay = cents(carrierPay);
  return (
    <Loadable state={carriers} isEmpty={(p) => p.data.length === 0} empty="No active carrier to dispatch to: onboard one and wait for its vetting.">
      {(p) => (
        <Form
          className="inline-form"
          label="Dispatch"
          onDone={onDone}
          submit={() => must(api.POST('/v1/orders/{order_id}/dispatch', { params: { path: { order_id: order.id } }, body: { carrier_id: carrierId, ...(pay === undefined ? {} : { carrier_pay: pay }) } }))}
        >
          <Field label="Carrier">
            <select name="carrier_id" required value={carrierId} onChange={(e) => setCarrierId(e.target.value)}>
              <option value="">Choose an active carrier…</option>
              {p.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.legal_name ?? c.id} (DOT {c.dot_number})
                </option>
              ))}
            </select>
          </Field>
          <Field label="Carrier pay (USD)">
            <input name="carrier_pay" type="number" min={0} step="0.01" value={carrierPay} onChange={(e) => setCarrierPay(e.target.value)} />
          </Field>
        </Form>
      )}
    </Loadable>
  );
}

function Moves({ order, onDone }: { order: S['Order']; onDone: () => void }) {
  const [signedBy, setSignedBy] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<S['OrderExceptionKind']>('delay');
  const [note, setNote] = useState('');
  const path = { order_id: order.id };
  return (
    <section className="card moves">
      <h2>Actions</h2>
      {order.status === 'pending' && <Dispatch order={order} onDone={onDone} />}
      {order.status === 'dispatched' && <Action kind="primary" label="Mark picked up" onDone={onDone} run={() => must(api.POST('/v1/orders/{order_id}/pickup', { params: { path } }))} />}
      {order.status === 'in_transit' && (
        <Form className="inline-form" label="Mark delivered" onDone={onDone} submit={() => must(api.POST('/v1/orders/{order_id}/deliver', { params: { path }, body: { signed_by: signedBy } }))}>
          <Field label="Signed by">
            <input name="signed_by" required value={signedBy} onChange={(e) => setSignedBy(e.target.value)} />
          </Field>
        </Form>
      )}
      {(order.status === 'pending' || order.status === 'dispatched') && (
        <Form className="inline-form" label="Cancel order" onDone={onDone} submit={() => must(api.POST('/v1/orders/{order_id}/cancel', { params: { path }, body: reason ? { reason } : {} }))}>
          <Field label="Reason">
            <input name="reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
        </Form>
      )}
      {(order.status === 'cancelled' || order.status === 'delivered') && <Reopen order={order} onDone={onDone} />}
      <Can scope="accounting:write">
        <InvoiceThisOrder order={order} />
      </Can>
      {order.status !== 'cancelled' && (
        <Form className="inline-form" label="Report exception" onDone={onDone} submit={() => must(api.POST('/v1/orders/{order_id}/exceptions', { params: { path }, body: { kind, ...(note ? { note } : {}) } }))}>
          <Field label="Kind">
            <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as S['OrderExceptionKind'])}>
              {EXCEPTION_KINDS.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </select>
          </Field>
          <Field label="Note">
            <input name="note" value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
        </Form>
      )}
    </section>
  );
}

const STATUS_WORDS: Record<S['OrderReopening']['to_status'], string> = { pending: 'pending', dispatched: 'dispatched', in_transit: 'in transit' };

/** A cancellation or delivery recorded by mistake, undone: why, then a confirmation saying what it does. */
function Reopen({ order, onDone }: { order: S['Order']; onDone: () => void }) {
  const to = order.status === 'delivered' ? 'in transit' : order.dispatched_at && order.carrier_id ? 'dispatched' : 'pending';
  const what =
    order.status === 'delivered'
      ? `Reopen ${order.number}? It goes back to in transit: its delivery and bill of lading are cleared (kept in its history) and its revenue and carrier cost leave the ledger. Record the delivery again when it happens.`
      : `Reopen ${order.number}? It goes back to ${to}, as before it was cancelled${to === 'dispatched' ? ', and its carrier gets the rate confirmation again if it never went out' : ''}.`;
  return (
    <div data-testid="reopen">
      <ReasonedAction
        name="reopen_reason"
        label="Why reopen"
        hint="Refused while a sent invoice bills the load or a carrier payment pays for it (void them first), and 30 days after the order ended."
        action="Reopen order"
        confirm={what}
        onDone={onDone}
        run={(reason) => must(api.POST('/v1/orders/{order_id}/reopen', { params: { path: { order_id: order.id } }, body: { reason } }))}
      />
    </div>
  );
}

/** A delivered order no invoice bills yet: the invoice form, with this order chosen. */
function InvoiceThisOrder({ order }: { order: S['Order'] }) {
  const unbilled = useLoad(
    () =>
      order.status !== 'delivered'
        ? Promise.resolve(false)
        : must(api.GET('/v1/orders', { params: { query: { status: 'delivered', billed: false, customer_id: order.customer_id, created: { gte: order.created, lte: order.created }, limit: 100 } } })).then((p) =>
            p.data.some((o) => o.id === order.id),
          ),
    [order.id, order.status],
  );
  if (!unbilled.data) return null;
  return (
    <p>
      <Link className="button primary" to={`/accounting/invoices/new?customer_id=${order.customer_id}&order_id=${order.id}`}>
        Invoice this order
      </Link>{' '}
      {order.price === null ? <span className="muted">(set its price first: it has none)</span> : null}
    </p>
  );
}

/** The order's PDFs, as its status makes them exist: the rate confirmation from dispatch, the bill of lading at delivery. */
function Documents({ order }: { order: S['Order'] }) {
  const dispatched = order.status === 'dispatched' || order.status === 'in_transit' || order.status === 'delivered';
  return (
    <section className="card">
      <h2>Documents</h2>
      {dispatched ? (
        <div className="buttons">
          <PdfLink href={`/v1/orders/${order.id}/rate_confirmation.pdf`} testId="rate-confirmation">
            Rate confirmation (PDF)
          </PdfLink>
          {order.status === 'delivered' ? (
            <PdfLink href={`/v1/orders/${order.id}/bill_of_lading.pdf`} testId="bill-of-lading">
              Bill of lading (PDF)
            </PdfLink>
          ) : null}
        </div>
      ) : null}
      <p className="muted">
        {order.status === 'delivered'
          ? 'The rate confirmation the carrier agreed to, and the bill of lading signed at delivery.'
          : dispatched
            ? 'The bill of lading follows at delivery.'
            : order.status === 'cancelled' && order.dispatched_at
              ? 'Cancelled after dispatch: the rate confirmation sent to the carrier is kept in its message.'
              : 'The rate confirmation is made when the order is dispatched, the bill of lading when it is delivered.'}
      </p>
    </section>
  );
}

/** The customer's tracking page: its link to copy or open, and a new one when it was shared with the wrong person. */
function TrackingLink({ order, onDone }: { order: S['Order']; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const url = order.tracking_url;
  return (
    <section className="card">
      <h2>Tracking page</h2>
      {url ? (
        <>
          <p>
            <input readOnly aria-label="Tracking link" value={url} data-testid="tracking-url" onFocus={(e) => e.currentTarget.select()} />
          </p>
          <div className="buttons">
            <a className="button" href={url} target="_blank" rel="noreferrer noopener">
              Preview
            </a>
            {/* Sharing the link is for those who handle the order (a viewer can still select it above). */}
            <Can scope="orders:write">
              <button
                type="button"
                onClick={() =>
                  void navigator.clipboard?.writeText(url).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? 'Copied' : 'Copy link'}
              </button>
              <Action label="New link" confirm="The current link stops working at once. Make a new one?" onDone={onDone} run={() => must(api.POST('/v1/orders/{order_id}/tracking_link/rotate', { params: { path: { order_id: order.id } } }))} />
            </Can>
          </div>
          <p className="muted">Anyone with the link sees the vehicles, the cities, the dates and the status (never the carrier pay). It stops working 30 days after delivery or cancellation.</p>
        </>
      ) : (
        <>
          <p className="muted">This order has no tracking link yet.</p>
          <Can scope="orders:write">
            <Action label="Make a link" onDone={onDone} run={() => must(api.POST('/v1/orders/{order_id}/tracking_link/rotate', { params: { path: { order_id: order.id } } }))} />
          </Can>
        </>
      )}
    </section>
  );
}

const stopText = (s: S['StopOut']) => [s.address1, s.address2, `${s.city}, ${s.state} ${s.zip}`, s.contact_name, s.contact_phone].filter(Boolean).join(' · ');

export function OrderDetail() {
  const { id = '' } = useParams();
  const { can } = useSession();
  const state = useLoad(() => must(api.GET('/v1/orders/{order_id}', { params: { path: { order_id: id } } })), [id]);
  const customerId = state.data?.customer_id;
  const carrierId = state.data?.carrier_id ?? null;
  // Names, not ids, where the role may read them (an id stays shown, and linked, beside the name).
  const customer = useLoad(() => (customerId && can('customers:read') ? must(api.GET('/v1/customers/{customer_id}', { params: { path: { customer_id: customerId } } })) : Promise.resolve(null)), [customerId]);
  const carrier = useLoad(() => (carrierId && can('carriers:read') ? must(api.GET('/v1/carriers/{carrier_id}', { params: { path: { carrier_id: carrierId } } })) : Promise.resolve(null)), [carrierId]);
  const carrierName = carrier.data ? (carrier.data.legal_name ?? carrier.data.contact_name) : null;
  return (
    <Loadable state={state}>
      {(order) => (
        <>
          <PageHeader title={`Load ${order.number}${customer.data ? ` · ${customer.data.name}` : ''}`}>
            <Badge value={order.status} />
          </PageHeader>
          <div className="grid">
            <section className="card">
              <h2>Details</h2>
              <dl>
                <dt>Load number</dt>
                <dd data-testid="order-number">
                  {order.number} <code>{order.id}</code>
                </dd>
                <dt>Customer's reference</dt>
                <dd>{order.reference ?? '—'}</dd>
                <dt>Customer</dt>
                <dd data-testid="order-customer">
                  {can('customers:read') ? (
                    <>
                      {customer.data ? <Link to={`/customers/${order.customer_id}`}>{customer.data.name}</Link> : null} <IdLink to={`/customers/${order.customer_id}`} id={order.customer_id} />
                    </>
                  ) : (
                    <code>{order.customer_id}</code>
                  )}
                </dd>
                <dt>Carrier</dt>
                <dd data-testid="order-carrier">
                  {order.carrier_id ? (
                    can('carriers:read') ? (
                      <>
                        {carrierName ? <Link to={`/carriers/${order.carrier_id}`}>{carrierName}</Link> : null} <IdLink to={`/carriers/${order.carrier_id}`} id={order.carrier_id} />
                      </>
                    ) : (
                      <code>{order.carrier_id}</code>
                    )
                  ) : (
                    '—'
                  )}
                </dd>
                <dt>Pickup</dt>
                <dd>{stopText(order.pickup)}</dd>
                <dt>Delivery</dt>
                <dd>{stopText(order.delivery)}</dd>
                <dt>Ready</dt>
                <dd>
                  {order.ready_date} (window {order.delivery_window_days} days)
                </dd>
                <dt>Price / carrier pay</dt>
                <dd>
                  {money(order.price, order.currency)} / {money(order.carrier_pay, order.currency)}
                </dd>
                <dt>Vehicles</dt>
                <dd>
                  <ul>
                    {order.vehicles.map((v) => (
                      <li key={v.vin}>
                        {v.year} {v.make} {v.model}
                        {v.type || v.inoperable ? ` (${[v.type, v.inoperable ? 'inoperable' : null].filter(Boolean).join(', ')})` : ''} <code>{v.vin}</code>
                      </li>
                    ))}
                  </ul>
                </dd>
              </dl>
            </section>
            <section className="card">
              <h2>Timeline</h2>
              <Timeline order={order} carrierName={carrierName} />
            </section>
            {can('orders:write') && <Moves order={order} onDone={state.reload} />}
            <Documents order={order} />
            <TrackingLink order={order} onDone={state.reload} />
          </div>
          {can('accounting:read') && order.dispatched_at ? <SubjectMessages subjectId={order.id} version={order.status} /> : null}
          {can('accounting:read') && order.delivered_at ? (
            <p>
              <Link to={`/accounting/ledger?order_id=${order.id}`}>Its ledger entries</Link> (revenue and carrier cost, recognized at delivery)
            </p>
          ) : null}
          {state.error ? <ErrorBox error={state.error} /> : null}
        </>
      )}
    </Loadable>
  );
}
