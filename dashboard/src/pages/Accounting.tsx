// Accounting: invoices (the list, creating one from a customer's delivered orders not billed yet, an
// invoice's page with its lines and totals: send, void, record a payment), payments, carrier payments
// (pay a carrier for its delivered orders not paid yet), and the general ledger with its trial balance.
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, must, type S } from '../api.ts';
import { INVOICE_STATUSES, LEDGER_ACCOUNTS, PAYMENT_METHODS } from '../catalog.ts';
import { Can, useSession } from '../session.tsx';
import { Action, Badge, Field, Form, IdLink, ListTable, Loadable, PageHeader, money, time, useLoad, usePaged } from '../ui.tsx';

interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Every page of a list (for the few reads that must see all of it: what is not billed or paid yet). */
async function everything<T>(load: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await load(cursor);
    all.push(...page.data);
    if (!page.has_more || !page.next_cursor) return all;
    cursor = page.next_cursor;
  }
}

const route = (o: S['Order']) => `${o.pickup.city}, ${o.pickup.state} to ${o.delivery.city}, ${o.delivery.state}`;
const vehiclesText = (o: S['Order']) => o.vehicles.map((v) => `${v.year} ${v.make} ${v.model}`).join(', ');
const ACCOUNT_NAMES: Record<S['LedgerAccount'], string> = {
  cash: 'Cash',
  accounts_receivable: 'Accounts receivable',
  revenue: 'Revenue',
  carrier_cost: 'Carrier cost',
  carrier_payable: 'Carrier payable',
};
const cents = (dollars: string) => Math.round(Number(dollars) * 100);
const dollars = (amount: number) => (amount / 100).toFixed(2);

function useCustomers() {
  return useLoad(() => everything((cursor) => must(api.GET('/v1/customers', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }))), []);
}

// ---- Invoices -------------------------------------------------------------------------------------

export function InvoiceList() {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as S['InvoiceStatus'] | '';
  const customerId = params.get('customer_id') ?? '';
  const customers = useCustomers();
  const names = new Map((customers.data ?? []).map((c) => [c.id, c.name]));
  const { state, pager } = usePaged(
    (cursor) =>
      must(api.GET('/v1/invoices', { params: { query: { limit: 20, ...(status ? { status } : {}), ...(customerId ? { customer_id: customerId } : {}), ...(cursor ? { cursor } : {}) } } })),
    [status, customerId],
  );
  const filter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  return (
    <>
      <PageHeader title="Invoices">
        <Can scope="accounting:write">
          <Link className="button primary" to="/accounting/invoices/new">
            Create invoice
          </Link>
        </Can>
      </PageHeader>
      <div className="filters">
        <Field label="Status">
          <select name="status" value={status} onChange={(e) => filter('status', e.target.value)}>
            <option value="">All</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.toLowerCase()}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Customer">
          <select name="customer_id" value={customerId} onChange={(e) => filter('customer_id', e.target.value)}>
            <option value="">All</option>
            {(customers.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ListTable
        state={state}
        pager={pager}
        empty={status || customerId ? 'No invoice matches these filters.' : 'No invoice yet.'}
        head={
          <tr>
            <th>Number</th>
            <th>Status</th>
            <th>Customer</th>
            <th>Amount due</th>
            <th>Remaining</th>
            <th>Due</th>
            <th>Created</th>
          </tr>
        }
        row={(i) => (
          <tr key={i.id} data-testid="invoice">
            <td>
              <Link to={`/accounting/invoices/${i.id}`}>{i.number}</Link>
            </td>
            <td>
              <Badge value={i.status} />
            </td>
            <td>{names.get(i.customer_id) ?? <code>{i.customer_id}</code>}</td>
            <td>{money(i.amount_due, i.currency)}</td>
            <td>{money(i.amount_remaining, i.currency)}</td>
            <td>{i.due_date}</td>
            <td>{time(i.created)}</td>
          </tr>
        )}
      />
    </>
  );
}

/** A customer's delivered orders that no invoice (other than a void one) bills yet, as the server says. */
const unbilledOrders = (customerId: string): Promise<S['Order'][]> =>
  everything((cursor) => must(api.GET('/v1/orders', { params: { query: { limit: 100, status: 'delivered', billed: false, customer_id: customerId, ...(cursor ? { cursor } : {}) } } })));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function InvoiceCreate() {
  const navigate = useNavigate();
  const customers = useCustomers();
  const [customerId, setCustomerId] = useState('');
  const orders = useLoad(() => (customerId ? unbilledOrders(customerId) : Promise.resolve(null)), [customerId]);
  const [skipped, setSkipped] = useState<Set<string>>(new Set());
  const [dueDate, setDueDate] = useState(inDays(30));
  const [send, setSend] = useState(false);
  const billable = (orders.data ?? []).filter((o) => o.price !== null && !skipped.has(o.id));
  const total = billable.reduce((sum, o) => sum + (o.price ?? 0), 0);
  return (
    <>
      <PageHeader title="Create invoice" />
      <Loadable state={customers} isEmpty={(list) => list.length === 0} empty={<>Create a <Link to="/customers">customer</Link> first.</>}>
        {(list) => (
          <Form
            label="Create invoice"
            submit={async () => {
              if (billable.length === 0) throw new Error('Choose at least one delivered order to bill.');
              const invoice = await must(
                api.POST('/v1/invoices', {
                  body: {
                    customer_id: customerId,
                    currency: billable[0]!.currency,
                    due_date: dueDate,
                    send,
                    lines: billable.map((o) => ({ description: `${route(o)} - ${vehiclesText(o)}`.slice(0, 200), quantity: 1, unit_amount: o.price!, order_id: o.id })),
                  },
                }),
              );
              navigate(`/accounting/invoices/${invoice.id}`);
            }}
          >
            <Field label="Customer">
              <select
                name="customer_id"
                required
                value={customerId}
                onChange={(e) => {
                  setCustomerId(e.target.value);
                  setSkipped(new Set());
                }}
              >
                <option value="">Choose…</option>
                {list.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </Field>
            {customerId ? (
              <fieldset>
                <legend>Delivered orders not billed yet</legend>
                <Loadable state={orders} isEmpty={(os) => !os || os.length === 0} empty="This customer has no delivered order left to bill.">
                  {(os) => (
                    <table data-testid="unbilled-orders">
                      <thead>
                        <tr>
                          <th>Bill</th>
                          <th>Order</th>
                          <th>Route</th>
                          <th>Vehicles</th>
                          <th>Delivered</th>
                          <th>Price</th>
                        </tr>
                      </thead>
                      <tbody>
                        {os!.map((o) => (
                          <tr key={o.id}>
                            <td>
                              <input
                                type="checkbox"
                                aria-label={`Bill ${o.id}`}
                                disabled={o.price === null}
                                checked={o.price !== null && !skipped.has(o.id)}
                                onChange={(e) =>
                                  setSkipped((s) => {
                                    const next = new Set(s);
                                    if (e.target.checked) next.delete(o.id);
                                    else next.add(o.id);
                                    return next;
                                  })
                                }
                              />
                            </td>
                            <td>
                              <code>{o.id}</code>
                            </td>
                            <td>{route(o)}</td>
                            <td>{vehiclesText(o)}</td>
                            <td>{time(o.delivered_at)}</td>
                            <td>{o.price === null ? <span className="muted">no price: set one to bill it</span> : money(o.price, o.currency)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </Loadable>
              </fieldset>
            ) : null}
            <div className="row">
              <Field label="Due date">
                <input name="due_date" type="date" required value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
              </Field>
              <label className="check">
                <input type="checkbox" name="send" checked={send} onChange={(e) => setSend(e.target.checked)} /> Send it now
              </label>
              <p data-testid="invoice-total">
                Total: <strong>{money(total, billable[0]?.currency)}</strong> ({billable.length} {billable.length === 1 ? 'line' : 'lines'})
              </p>
            </div>
          </Form>
        )}
      </Loadable>
    </>
  );
}

function RecordPayment({ invoice, onDone }: { invoice: S['Invoice']; onDone: () => void }) {
  const [amount, setAmount] = useState(dollars(invoice.amount_remaining));
  const [method, setMethod] = useState<S['PaymentMethod']>('ach');
  const [reference, setReference] = useState('');
  const [failed, setFailed] = useState('');
  return (
    <Form
      className="inline-form"
      label="Record payment"
      onDone={() => {
        setReference('');
        setFailed('');
        onDone();
      }}
      submit={() =>
        must(
          api.POST('/v1/payments', {
            body: {
              customer_id: invoice.customer_id,
              invoice_id: invoice.id,
              amount: cents(amount),
              currency: invoice.currency,
              payment_method: method,
              ...(reference ? { reference } : {}),
              // A payment that bounced: recorded as failed, the invoice's balance unchanged.
              ...(failed ? { failure_reason: failed } : {}),
            },
          }),
        )
      }
    >
      <Field label="Amount">
        <input name="amount" type="number" min={0.01} step="0.01" required value={amount} onChange={(e) => setAmount(e.target.value)} />
      </Field>
      <Field label="Method">
        <select name="payment_method" value={method} onChange={(e) => setMethod(e.target.value as S['PaymentMethod'])}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </Field>
      <Field label="Reference">
        <input name="reference" value={reference} onChange={(e) => setReference(e.target.value)} />
      </Field>
      <Field label="Failed because" hint="Only for a payment that bounced or was declined: it is recorded as failed and changes no balance.">
        <input name="failure_reason" value={failed} onChange={(e) => setFailed(e.target.value)} />
      </Field>
    </Form>
  );
}

type DraftLine = { description: string; quantity: string; unit_amount: string; order_id: string | null };

/** A draft invoice's lines, edited and saved together (PATCH: the lines replace the old ones). */
function EditLines({ invoice, onDone }: { invoice: S['Invoice']; onDone: () => void }) {
  const [lines, setLines] = useState<DraftLine[]>(() =>
    invoice.lines.map((l) => ({ description: l.description, quantity: String(l.quantity), unit_amount: dollars(l.unit_amount), order_id: l.order_id ?? null })),
  );
  const set = (i: number, patch: Partial<DraftLine>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const total = lines.reduce((sum, l) => sum + (Number(l.quantity) || 0) * cents(l.unit_amount || '0'), 0);
  return (
    <Form
      label="Save lines"
      onDone={onDone}
      submit={() =>
        must(
          api.PATCH('/v1/invoices/{invoice_id}', {
            params: { path: { invoice_id: invoice.id } },
            body: {
              lines: lines.map((l) => ({ description: l.description, quantity: Number(l.quantity), unit_amount: cents(l.unit_amount), ...(l.order_id ? { order_id: l.order_id } : {}) })),
            },
          }),
        )
      }
    >
      <table data-testid="edit-lines">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit amount ($)</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i}>
              <td>
                <input aria-label={`Description of line ${i + 1}`} required maxLength={200} value={l.description} onChange={(e) => set(i, { description: e.target.value })} />
              </td>
              <td>
                <input aria-label={`Quantity of line ${i + 1}`} type="number" min={1} step={1} required value={l.quantity} onChange={(e) => set(i, { quantity: e.target.value })} />
              </td>
              <td>
                <input aria-label={`Unit amount of line ${i + 1}`} type="number" min={0.01} step="0.01" required value={l.unit_amount} onChange={(e) => set(i, { unit_amount: e.target.value })} />
              </td>
              <td>
                <button type="button" className="secondary" disabled={lines.length === 1} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                  Remove line {i + 1}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <button type="button" className="secondary" onClick={() => setLines((ls) => [...ls, { description: '', quantity: '1', unit_amount: '', order_id: null }])}>
          Add line
        </button>{' '}
        <span data-testid="edit-lines-total">Total: {money(total, invoice.currency)}</span>
      </p>
    </Form>
  );
}

const sentToText = (to: S['Invoice']['sent_to']) => (to === null ? '—' : typeof to === 'string' ? to : `${to.address1}, ${to.city}, ${to.state} ${to.zip}`);

export function InvoiceDetail() {
  const { id = '' } = useParams();
  const { can } = useSession();
  const state = useLoad(() => must(api.GET('/v1/invoices/{invoice_id}', { params: { path: { invoice_id: id } } })), [id]);
  const payments = useLoad(() => must(api.GET('/v1/payments', { params: { query: { invoice_id: id, limit: 100 } } })), [id]);
  const reload = () => {
    state.reload();
    payments.reload();
  };
  const path = { invoice_id: id };
  return (
    <Loadable state={state}>
      {(invoice) => (
        <>
          <PageHeader title={`Invoice ${invoice.number}`}>
            <Badge value={invoice.status} />
          </PageHeader>
          <div className="grid">
            <section className="card">
              <h2>Details</h2>
              <dl>
                <dt>Id</dt>
                <dd>
                  <code>{invoice.id}</code>
                </dd>
                <dt>Customer</dt>
                <dd>{can('customers:read') ? <IdLink to={`/customers/${invoice.customer_id}`} id={invoice.customer_id} /> : <code>{invoice.customer_id}</code>}</dd>
                <dt>Due</dt>
                <dd>{invoice.due_date}</dd>
                <dt>Sent</dt>
                <dd>{invoice.sent_at ? `${time(invoice.sent_at)} by ${invoice.sent_via} to ${sentToText(invoice.sent_to)}` : '—'}</dd>
                <dt>Paid</dt>
                <dd>{time(invoice.paid_at)}</dd>
                <dt>Voided</dt>
                <dd>{time(invoice.voided_at)}</dd>
                <dt>Created</dt>
                <dd>{time(invoice.created)}</dd>
              </dl>
            </section>
            <section className="card">
              <h2>Totals</h2>
              <dl data-testid="invoice-totals">
                <dt>Subtotal</dt>
                <dd>{money(invoice.subtotal, invoice.currency)}</dd>
                <dt>Amount due</dt>
                <dd>{money(invoice.amount_due, invoice.currency)}</dd>
                <dt>Paid</dt>
                <dd>{money(invoice.amount_paid, invoice.currency)}</dd>
                <dt>Remaining</dt>
                <dd data-testid="amount-remaining">{money(invoice.amount_remaining, invoice.currency)}</dd>
              </dl>
            </section>
            {can('accounting:write') && (invoice.status === 'DRAFT' || invoice.status === 'SENT') && (
              <section className="card">
                <h2>Actions</h2>
                {invoice.status === 'DRAFT' && <Action kind="primary" label="Send invoice" onDone={reload} run={() => must(api.POST('/v1/invoices/{invoice_id}/send', { params: { path } }))} />}
                {invoice.status === 'SENT' && invoice.amount_remaining > 0 && <RecordPayment key={invoice.amount_remaining} invoice={invoice} onDone={reload} />}
                {invoice.status === 'SENT' && invoice.amount_paid === 0 && (
                  <Action kind="danger" label="Void invoice" confirm={`Void ${invoice.number}? Its orders can then be billed again.`} onDone={reload} run={() => must(api.POST('/v1/invoices/{invoice_id}/void', { params: { path } }))} />
                )}
              </section>
            )}
          </div>
          {can('accounting:write') && invoice.status === 'DRAFT' ? (
            <section className="card">
              <h2>Edit lines</h2>
              <EditLines key={invoice.updated} invoice={invoice} onDone={reload} />
            </section>
          ) : null}
          <section className="card">
            <h2>Lines</h2>
            <table data-testid="invoice-lines">
              <thead>
                <tr>
                  <th>Description</th>
                  <th>Order</th>
                  <th>Quantity</th>
                  <th>Unit amount</th>
                  <th>Amount</th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((l, i) => (
                  <tr key={i}>
                    <td>{l.description}</td>
                    <td>{l.order_id ? can('orders:read') ? <IdLink to={`/orders/${l.order_id}`} id={l.order_id} /> : <code>{l.order_id}</code> : '—'}</td>
                    <td>{l.quantity}</td>
                    <td>{money(l.unit_amount, invoice.currency)}</td>
                    <td>{money(l.amount, invoice.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className="card">
            <h2>Payments</h2>
            <Loadable state={payments} isEmpty={(p) => p.data.length === 0} empty="No payment recorded for this invoice.">
              {(p) => <PaymentTable payments={p.data} />}
            </Loadable>
          </section>
        </>
      )}
    </Loadable>
  );
}

// ---- Payments -------------------------------------------------------------------------------------

function PaymentTable({ payments }: { payments: S['Payment'][] }) {
  return (
    <table>
      <thead>
        <tr>
          <th>Payment</th>
          <th>Status</th>
          <th>Amount</th>
          <th>Method</th>
          <th>Reference</th>
          <th>Created</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <PaymentRow key={p.id} payment={p} />
        ))}
      </tbody>
    </table>
  );
}

const PaymentRow = ({ payment: p, invoice }: { payment: S['Payment']; invoice?: boolean }) => (
  <tr data-testid="payment">
    <td>
      <code>{p.id}</code>
    </td>
    <td>
      <Badge value={p.status} />
      {p.failure_reason ? <small className="muted"> {p.failure_reason}</small> : null}
    </td>
    {invoice ? <td>{p.invoice_id ? <IdLink to={`/accounting/invoices/${p.invoice_id}`} id={p.invoice_id} /> : '—'}</td> : null}
    <td>{money(p.amount, p.currency)}</td>
    <td>{p.payment_method}</td>
    <td>{p.reference ?? '—'}</td>
    <td>{time(p.created)}</td>
  </tr>
);

export function PaymentList() {
  const { state, pager } = usePaged((cursor) => must(api.GET('/v1/payments', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), []);
  return (
    <>
      <PageHeader title="Payments" />
      <ListTable
        state={state}
        pager={pager}
        empty="No payment yet: record one on a sent invoice."
        head={
          <tr>
            <th>Payment</th>
            <th>Status</th>
            <th>Invoice</th>
            <th>Amount</th>
            <th>Method</th>
            <th>Reference</th>
            <th>Created</th>
          </tr>
        }
        row={(p) => <PaymentRow key={p.id} payment={p} invoice />}
      />
    </>
  );
}

// ---- Carrier payments -----------------------------------------------------------------------------

/** A carrier's delivered orders that no carrier payment covers yet, as the server says. */
const unpaidOrders = (carrierId: string): Promise<S['Order'][]> =>
  everything((cursor) => must(api.GET('/v1/orders', { params: { query: { limit: 100, status: 'delivered', carrier_paid: false, carrier_id: carrierId, ...(cursor ? { cursor } : {}) } } })));

function PayCarrier({ onDone }: { onDone: () => void }) {
  const carriers = useLoad(() => everything((cursor) => must(api.GET('/v1/carriers', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }))), []);
  const [carrierId, setCarrierId] = useState('');
  const orders = useLoad(() => (carrierId ? unpaidOrders(carrierId) : Promise.resolve(null)), [carrierId]);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [method, setMethod] = useState<S['PaymentMethod']>('ach');
  const [reference, setReference] = useState('');
  const picked = (orders.data ?? []).filter((o) => chosen.has(o.id));
  return (
    <details className="card">
      <summary>Pay carrier</summary>
      <Loadable state={carriers} isEmpty={(cs) => cs.length === 0} empty="No carrier yet.">
        {(cs) => (
          <Form
            label="Pay carrier"
            onDone={() => {
              setChosen(new Set());
              setReference('');
              orders.reload();
              onDone();
            }}
            submit={() => {
              if (picked.length === 0) throw new Error('Choose at least one delivered order to pay for.');
              return must(api.POST('/v1/carrier_payments', { body: { carrier_id: carrierId, order_ids: picked.map((o) => o.id), payment_method: method, ...(reference ? { reference } : {}) } }));
            }}
          >
            <Field label="Carrier">
              <select
                name="carrier_id"
                required
                value={carrierId}
                onChange={(e) => {
                  setCarrierId(e.target.value);
                  setChosen(new Set());
                }}
              >
                <option value="">Choose…</option>
                {cs.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.legal_name ?? c.id} (DOT {c.dot_number})
                  </option>
                ))}
              </select>
            </Field>
            {carrierId ? (
              <Loadable state={orders} isEmpty={(os) => !os || os.length === 0} empty="No delivered order of this carrier is waiting for payment.">
                {(os) => (
                  <table data-testid="unpaid-orders">
                    <thead>
                      <tr>
                        <th>Pay</th>
                        <th>Order</th>
                        <th>Route</th>
                        <th>Delivered</th>
                        <th>Carrier pay</th>
                      </tr>
                    </thead>
                    <tbody>
                      {os!.map((o) => (
                        <tr key={o.id}>
                          <td>
                            <input
                              type="checkbox"
                              aria-label={`Pay ${o.id}`}
                              disabled={o.carrier_pay === null}
                              checked={chosen.has(o.id)}
                              onChange={(e) =>
                                setChosen((s) => {
                                  const next = new Set(s);
                                  if (e.target.checked) next.add(o.id);
                                  else next.delete(o.id);
                                  return next;
                                })
                              }
                            />
                          </td>
                          <td>
                            <code>{o.id}</code>
                          </td>
                          <td>{route(o)}</td>
                          <td>{time(o.delivered_at)}</td>
                          <td>{o.carrier_pay === null ? <span className="muted">no carrier pay set</span> : money(o.carrier_pay, o.currency)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </Loadable>
            ) : null}
            <div className="row">
              <Field label="Method">
                <select name="payment_method" value={method} onChange={(e) => setMethod(e.target.value as S['PaymentMethod'])}>
                  {PAYMENT_METHODS.map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              </Field>
              <Field label="Reference">
                <input name="reference" value={reference} onChange={(e) => setReference(e.target.value)} />
              </Field>
              <p data-testid="carrier-payment-total">
                Total: <strong>{money(picked.reduce((sum, o) => sum + (o.carrier_pay ?? 0), 0), picked[0]?.currency)}</strong>
              </p>
            </div>
          </Form>
        )}
      </Loadable>
    </details>
  );
}

export function CarrierPaymentList() {
  const { can } = useSession();
  const { state, pager } = usePaged((cursor) => must(api.GET('/v1/carrier_payments', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), []);
  return (
    <>
      <PageHeader title="Carrier payments" />
      <Can scope="accounting:write">
        <PayCarrier onDone={state.reload} />
      </Can>
      <ListTable
        state={state}
        pager={pager}
        empty="No carrier payment yet."
        head={
          <tr>
            <th>Payment</th>
            <th>Status</th>
            <th>Carrier</th>
            <th>Orders</th>
            <th>Amount</th>
            <th>Method</th>
            <th>Reference</th>
            <th>Sent</th>
          </tr>
        }
        row={(p) => (
          <tr key={p.id} data-testid="carrier-payment">
            <td>
              <code>{p.id}</code>
            </td>
            <td>
              <Badge value={p.status} />
            </td>
            <td>{can('carriers:read') ? <IdLink to={`/carriers/${p.carrier_id}`} id={p.carrier_id} /> : <code>{p.carrier_id}</code>}</td>
            <td>
              {p.order_ids.map((o) => (
                <div key={o}>{can('orders:read') ? <IdLink to={`/orders/${o}`} id={o} /> : <code>{o}</code>}</div>
              ))}
            </td>
            <td>{money(p.amount, p.currency)}</td>
            <td>{p.payment_method}</td>
            <td>{p.reference ?? '—'}</td>
            <td>{time(p.sent_at)}</td>
          </tr>
        )}
      />
    </>
  );
}

// ---- Ledger ---------------------------------------------------------------------------------------

function TrialBalance() {
  const state = useLoad(() => must(api.GET('/v1/ledger_balances', { params: { query: { currency: 'usd' } } })), []);
  return (
    <section className="card">
      <h2>Trial balance</h2>
      <Loadable state={state}>
        {(b) => (
          <>
            <table data-testid="trial-balance">
              <thead>
                <tr>
                  <th>Account</th>
                  <th>Normal side</th>
                  <th>Debits</th>
                  <th>Credits</th>
                  <th>Balance</th>
                </tr>
              </thead>
              <tbody>
                {b.accounts.map((a) => (
                  <tr key={a.ledger_account} data-testid={`balance-${a.ledger_account}`}>
                    <td>{ACCOUNT_NAMES[a.ledger_account]}</td>
                    <td>{a.normal_balance}</td>
                    <td>{money(a.debits, b.currency)}</td>
                    <td>{money(a.credits, b.currency)}</td>
                    <td className="balance">{money(a.balance, b.currency)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th colSpan={2}>Total</th>
                  <th data-testid="total-debits">{money(b.total_debits, b.currency)}</th>
                  <th data-testid="total-credits">{money(b.total_credits, b.currency)}</th>
                  <th>{b.total_debits === b.total_credits ? 'Balanced' : 'Out of balance'}</th>
                </tr>
              </tfoot>
            </table>
            <p className="muted">As of {time(b.as_of)}, in {b.currency.toUpperCase()}.</p>
          </>
        )}
      </Loadable>
    </section>
  );
}

export function Ledger() {
  const [params, setParams] = useSearchParams();
  const account = (params.get('ledger_account') ?? '') as S['LedgerAccount'] | '';
  const { state, pager } = usePaged(
    (cursor) => must(api.GET('/v1/ledger_entries', { params: { query: { limit: 25, ...(account ? { ledger_account: account } : {}), ...(cursor ? { cursor } : {}) } } })),
    [account],
  );
  return (
    <>
      <PageHeader title="Ledger" />
      <TrialBalance />
      <section className="card ledger-entries">
        <h2>Entries</h2>
        <div className="filters">
          <Field label="Account">
            <select name="ledger_account" value={account} onChange={(e) => setParams(e.target.value ? { ledger_account: e.target.value } : {})}>
              <option value="">All</option>
              {LEDGER_ACCOUNTS.map((a) => (
                <option key={a} value={a}>
                  {ACCOUNT_NAMES[a]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <ListTable
          state={state}
          pager={pager}
          empty={account ? `No entry in ${ACCOUNT_NAMES[account]} yet.` : 'No ledger entry yet: entries are posted when invoices are sent and payments made.'}
          head={
            <tr>
              <th>Posted</th>
              <th>Journal entry</th>
              <th>Account</th>
              <th>Debit</th>
              <th>Credit</th>
              <th>Source</th>
              <th>Description</th>
            </tr>
          }
          row={(e) => (
            <tr key={e.id} data-testid="ledger-entry">
              <td>{time(e.created)}</td>
              <td>
                <code>{e.journal_entry_id}</code>
              </td>
              <td>{ACCOUNT_NAMES[e.ledger_account]}</td>
              <td>{e.direction === 'debit' ? money(e.amount, e.currency) : ''}</td>
              <td>{e.direction === 'credit' ? money(e.amount, e.currency) : ''}</td>
              <td>{e.source_type === 'invoice' ? <IdLink to={`/accounting/invoices/${e.source_id}`} id={e.source_id} /> : <code>{e.source_id}</code>}</td>
              <td>{e.description}</td>
            </tr>
          )}
        />
      </section>
    </>
  );
}
