// Payments: every payment received (or that failed, or that the bank took back), newest first; the
// table an invoice's page shows its own in, and the form that records a payment's return.
import { useState } from 'react';
import { api, must, type S } from '../../api.ts';
import { Badge, Field, Form, IdLink, ListTable, PageHeader, money, time, usePaged } from '../../ui.tsx';

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
      {p.returned_at ? <small className="muted"> {time(p.returned_at)}: {p.return_reason}</small> : null}
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

/** Records that the bank took back one of `payments` (those that succeeded; nothing when none did): the invoice owes it again. */
export function ReturnPayment({ payments, onDone }: { payments: S['Payment'][]; onDone: () => void }) {
  const returnable = payments.filter((p) => p.status === 'succeeded');
  const [id, setId] = useState(returnable[0]?.id ?? '');
  const [reason, setReason] = useState('');
  if (!returnable.length) return null;
  const chosen = returnable.find((p) => p.id === id) ?? returnable[0]!;
  return (
    <>
      <h3>Record a returned payment</h3>
      <Form
        className="inline-form"
        label="Record return"
        onDone={() => {
          setReason('');
          onDone();
        }}
        submit={() => must(api.POST('/v1/payments/{payment_id}/return', { params: { path: { payment_id: chosen.id } }, body: { reason } }))}
      >
        <Field label="Payment">
          <select name="payment_id" value={chosen.id} onChange={(e) => setId(e.target.value)}>
            {returnable.map((p) => (
              <option key={p.id} value={p.id}>
                {money(p.amount, p.currency)} · {p.payment_method} · {p.reference ?? p.id}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Returned because" hint="The bank's return code and words, or why the check bounced. The invoice owes the amount again and the ledger takes the cash back.">
          <input name="return_reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </Form>
    </>
  );
}
