// Carrier payments: paying a carrier for its delivered orders not paid yet, the list, and a payment's
// page with its orders, its remittance advice (the PDF) and the email that sent it to the carrier.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, must, type S } from '../../api.ts';
import { PAYMENT_METHODS } from '../../catalog.ts';
import { Can, useSession } from '../../session.tsx';
import { Action, Badge, Field, Form, IdLink, ListTable, Loadable, PageHeader, ReasonedAction, money, time, useLoad, usePaged } from '../../ui.tsx';
import { DeliveryCell, DeliveryStatus, PdfLink, SubjectMessages } from './delivery.tsx';
import { everything, route } from './shared.ts';

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
            <th>Remittance advice</th>
          </tr>
        }
        row={(p) => (
          <tr key={p.id} data-testid="carrier-payment">
            <td>
              <IdLink to={`/accounting/carrier-payments/${p.id}`} id={p.id} />
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
            <td>{p.remittance ? <DeliveryCell m={p.remittance} /> : <span className="muted">not emailed</span>}</td>
          </tr>
        )}
      />
    </>
  );
}

export function CarrierPaymentDetail() {
  const { id = '' } = useParams();
  const { can } = useSession();
  const state = useLoad(() => must(api.GET('/v1/carrier_payments/{carrier_payment_id}', { params: { path: { carrier_payment_id: id } } })), [id]);
  return (
    <Loadable state={state}>
      {(p) => (
        <>
          <PageHeader title={`Carrier payment ${money(p.amount, p.currency)}`}>
            <Badge value={p.status} />
            <PdfLink href={p.remittance_pdf} testId="remittance-pdf">
              Open remittance advice (PDF)
            </PdfLink>
          </PageHeader>
          <div className="grid">
            <section className="card">
              <h2>Details</h2>
              <dl>
                <dt>Id</dt>
                <dd>
                  <code>{p.id}</code>
                </dd>
                <dt>Carrier</dt>
                <dd>{can('carriers:read') ? <IdLink to={`/carriers/${p.carrier_id}`} id={p.carrier_id} /> : <code>{p.carrier_id}</code>}</dd>
                <dt>Amount</dt>
                <dd>{money(p.amount, p.currency)}</dd>
                <dt>Method</dt>
                <dd>{p.payment_method}</dd>
                <dt>Reference</dt>
                <dd>{p.reference ?? '—'}</dd>
                <dt>Sent</dt>
                <dd>{time(p.sent_at)}</dd>
                {p.voided_at ? (
                  <>
                    <dt>Voided</dt>
                    <dd data-testid="carrier-payment-voided">
                      {time(p.voided_at)}: {p.void_reason}
                    </dd>
                  </>
                ) : null}
                <dt>Orders</dt>
                <dd>
                  <ul>
                    {p.order_ids.map((o) => (
                      <li key={o}>{can('orders:read') ? <IdLink to={`/orders/${o}`} id={o} /> : <code>{o}</code>}</li>
                    ))}
                  </ul>
                </dd>
              </dl>
            </section>
            <section className="card">
              <h2>Remittance advice</h2>
              {p.remittance ? (
                <DeliveryStatus delivery={p.remittance} testId="remittance-delivery" />
              ) : (
                <p className="muted">No remittance advice was emailed for this payment.</p>
              )}
            </section>
          </div>
          {p.voided_at ? null : (
            <Can scope="accounting:write">
              <VoidCarrierPayment payment={p} onDone={state.reload} />
            </Can>
          )}
          <SubjectMessages subjectId={p.id} />
          <p>
            <Link to="/accounting/carrier-payments">All carrier payments</Link>
          </p>
        </>
      )}
    </Loadable>
  );
}

/** A payment recorded by mistake, voided: why, then a confirmation saying what it does. */
function VoidCarrierPayment({ payment, onDone }: { payment: S['CarrierPayment']; onDone: () => void }) {
  return (
    <section className="card" data-testid="void-carrier-payment">
      <h2>Recorded by mistake?</h2>
      <ReasonedAction
        name="void_reason"
        label="Why void it"
        hint="The ledger reverses it (the carrier is owed again), its orders can be paid again, and the remittance email is withdrawn if it has not gone out."
        action="Void payment"
        confirm={`Void this payment of ${money(payment.amount, payment.currency)}? It pays for none of its ${payment.order_ids.length === 1 ? 'order' : `${payment.order_ids.length} orders`} any more, and cannot be undone.`}
        onDone={onDone}
        run={(reason) => must(api.POST('/v1/carrier_payments/{carrier_payment_id}/void', { params: { path: { carrier_payment_id: payment.id } }, body: { reason } }))}
      />
    </section>
  );
}
