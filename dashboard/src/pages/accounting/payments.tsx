// Payments: every payment received (or that failed), newest first, and the table an invoice's page
// shows its own in.
import { api, must, type S } from '../../api.ts';
import { Badge, IdLink, ListTable, PageHeader, money, time, usePaged } from '../../ui.tsx';

export function PaymentTable({ payments }: { payments: S['Payment'][] }) {
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
