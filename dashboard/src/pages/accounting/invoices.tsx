// Invoices: the list (status, customer and past-due filters), creating one from a customer's delivered
// orders not billed yet, and an invoice's page: its lines and totals, its PDF, how it was sent and how
// that delivery stands, sending or resending it (by email or by post), voiding it, recording a payment.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, must, type S } from '../../api.ts';
import { INVOICE_STATUSES, PAYMENT_METHODS } from '../../catalog.ts';
import { Can, useSession } from '../../session.tsx';
import { Action, Badge, Field, Form, IdLink, ListTable, Loadable, PageHeader, money, time, useLoad, usePaged } from '../../ui.tsx';
import { AddressFields, emptyAddress, postalOf, type AddressDraft } from './address.tsx';
import { DeliveryStatus, PdfLink, SubjectMessages, addressText, recipientText } from './delivery.tsx';
import { PaymentTable, ReturnPayment } from './payments.tsx';
import { cents, dollars, everything, idempotencyKey, route, useCustomers, vehiclesText } from './shared.ts';

/** The mark of an invoice past its due date with something left to pay. */
export const PastDue = () => (
  <span className="badge badge-past_due" data-testid="past-due">
    Past due
  </span>
);

export function InvoiceList() {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as S['InvoiceStatus'] | '';
  const customerId = params.get('customer_id') ?? '';
  const pastDue = params.get('past_due') === 'true' ? true : params.get('past_due') === 'false' ? false : undefined;
  const customers = useCustomers();
  const names = new Map((customers.data ?? []).map((c) => [c.id, c.name]));
  const { state, pager } = usePaged(
    (cursor) =>
      must(
        api.GET('/v1/invoices', {
          params: {
            query: {
              limit: 20,
              ...(status ? { status } : {}),
              ...(customerId ? { customer_id: customerId } : {}),
              ...(pastDue !== undefined ? { past_due: pastDue } : {}),
              ...(cursor ? { cursor } : {}),
            },
          },
        }),
      ),
    [status, customerId, pastDue],
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
        <Field label="Past due">
          <select name="past_due" value={pastDue === undefined ? '' : String(pastDue)} onChange={(e) => filter('past_due', e.target.value)}>
            <option value="">All</option>
            <option value="true">Past due</option>
            <option value="false">Not past due</option>
          </select>
        </Field>
      </div>
      <ListTable
        state={state}
        pager={pager}
        empty={status || customerId || pastDue !== undefined ? 'No invoice matches these filters.' : 'No invoice yet.'}
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
              <Badge value={i.status} /> {i.past_due ? <PastDue /> : null}
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
  // From an order's "Invoice this order": its customer, and that order alone ticked.
  const [params] = useSearchParams();
  const [customerId, setCustomerId] = useState(params.get('customer_id') ?? '');
  const [only, setOnly] = useState(params.get('order_id'));
  const orders = useLoad(() => (customerId ? unbilledOrders(customerId) : Promise.resolve(null)), [customerId]);
  const [skipped, setSkipped] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (only && orders.data) setSkipped(new Set(orders.data.filter((o) => o.id !== only).map((o) => o.id)));
  }, [only, orders.data]);
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
                  setOnly(null);
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

const sentToText = (to: S['Invoice']['sent_to']) => (to === null ? '—' : typeof to === 'string' ? to : addressText(to));

type SendTo = 'default' | 'email' | 'post_billing' | 'post';

/**
 * Sends a draft invoice, or sends a sent one again (a new message; the invoice does not change): to
 * the customer (a draft) or the last recipient (a resend), to another email, or by post. Each click
 * carries a new Idempotency-Key, so one click sends one message.
 */
function SendInvoice({ invoice, onDone }: { invoice: S['Invoice']; onDone: () => void }) {
  const { livemode } = useSession().session;
  const resend = invoice.status === 'SENT';
  const [how, setHow] = useState<SendTo>('default');
  const [email, setEmail] = useState('');
  const [address, setAddress] = useState<AddressDraft>(emptyAddress);
  const [sent, setSent] = useState<S['MessageDelivery'] | null>(null);
  const body = (): S['InvoiceSend'] | undefined =>
    how === 'email' ? { email } : how === 'post' ? { address: postalOf(address) } : how === 'post_billing' ? { sent_via: 'post' } : undefined;
  const choice = (value: SendTo, label: string) => (
    <label className="check">
      <input type="radio" name="send_to" value={value} checked={how === value} onChange={() => setHow(value)} /> {label}
    </label>
  );
  return (
    <>
      <Form
        label={resend ? 'Resend' : 'Send invoice'}
        onDone={onDone}
        submit={async () => {
          const b = body();
          const updated = await must(api.POST('/v1/invoices/{invoice_id}/send', { params: { path: { invoice_id: invoice.id }, header: idempotencyKey() }, ...(b ? { body: b } : {}) }));
          setSent(resend ? updated.delivery : null);
        }}
      >
        <fieldset>
          <legend>{resend ? 'Send it again to' : 'Send it to'}</legend>
          {choice('default', resend && invoice.delivery ? `The last recipient (${recipientText(invoice.delivery.to)})` : "The customer's email, else its billing address")}
          {choice('email', 'Another email address')}
          {choice('post_billing', "The customer's billing address, by post")}
          {choice('post', 'Another postal address, by post')}
        </fieldset>
        {how === 'email' ? (
          <Field label="Email address">
            <input name="send_email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
        ) : null}
        {how === 'post' ? <AddressFields legend="Postal address" name="send_address" required value={address} onChange={setAddress} /> : null}
      </Form>
      {sent ? (
        <p role="status" data-testid="resent">
          {sent.status === 'kept' ? (
            // Kept: written and shown, not sent (test mode sends nothing; live, no mail server was configured).
            <>
              Written again and kept, not sent{livemode ? ' (no mail server was configured; send it from its page, Send now)' : ' (test mode)'}: message <code>{sent.message_id}</code>, to{' '}
              {recipientText(sent.to)}.
            </>
          ) : (
            <>
              Sent again: message <code>{sent.message_id}</code> {sent.channel === 'post' ? 'is in the print queue' : `is ${sent.status}`}, to {recipientText(sent.to)}.
            </>
          )}
        </p>
      ) : null}
    </>
  );
}

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
            {invoice.past_due ? <PastDue /> : null}
            <PdfLink href={invoice.invoice_pdf} testId="invoice-pdf">
              Open PDF
            </PdfLink>
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
                <dd>
                  {invoice.due_date}
                  {invoice.past_due ? <span className="invalid"> (past due)</span> : null}
                </dd>
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
            <section className="card">
              <h2>Delivery</h2>
              {invoice.delivery ? <DeliveryStatus delivery={invoice.delivery} testId="invoice-delivery" /> : <p className="muted">Not sent yet.</p>}
            </section>
            {can('accounting:write') && (invoice.status === 'DRAFT' || invoice.status === 'SENT') && (
              <section className="card">
                <h2>Actions</h2>
                <h3>{invoice.status === 'DRAFT' ? 'Send' : 'Send again'}</h3>
                <SendInvoice key={invoice.status} invoice={invoice} onDone={reload} />
                {invoice.status === 'SENT' && invoice.amount_remaining > 0 && (
                  <>
                    <h3>Record a payment</h3>
                    <RecordPayment key={invoice.amount_remaining} invoice={invoice} onDone={reload} />
                  </>
                )}
                {invoice.status === 'SENT' && invoice.amount_paid === 0 && (
                  <>
                    <h3>Void</h3>
                    <Action kind="danger" label="Void invoice" confirm={`Void ${invoice.number}? Its orders can then be billed again.`} onDone={reload} run={() => must(api.POST('/v1/invoices/{invoice_id}/void', { params: { path } }))} />
                  </>
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
              {(p) => (
                <>
                  <PaymentTable payments={p.data} />
                  {can('accounting:write') ? <ReturnPayment key={invoice.amount_paid} payments={p.data} onDone={reload} /> : null}
                </>
              )}
            </Loadable>
          </section>
          {invoice.status !== 'DRAFT' ? <SubjectMessages subjectId={invoice.id} version={invoice.delivery?.message_id} /> : null}
        </>
      )}
    </Loadable>
  );
}

