// The general ledger: the trial balance, and its entries filtered by account or by order (a load's
// revenue, carrier cost, unbilled and deferred amounts carry its order).
import { useSearchParams } from 'react-router';
import { api, must, type S } from '../../api.ts';
import { LEDGER_ACCOUNTS } from '../../catalog.ts';
import { useSession } from '../../session.tsx';
import { Field, IdLink, ListTable, Loadable, PageHeader, money, time, useLoad, usePaged } from '../../ui.tsx';
import { ACCOUNT_NAMES } from './shared.ts';

/** An account's name; one the spec adds later reads as its id until it is named here. */
// An account added since this dashboard was built has no name here: its id, spaced, stands for it.
const accountName = (a: string) => (ACCOUNT_NAMES as Partial<Record<string, string>>)[a] ?? a.replaceAll('_', ' ');

function SourceLink({ entry: e }: { entry: S['LedgerEntry'] }) {
  switch (e.source_type) {
    case 'invoice':
      return <IdLink to={`/accounting/invoices/${e.source_id}`} id={e.source_id} />;
    case 'carrier_payment':
      return <IdLink to={`/accounting/carrier-payments/${e.source_id}`} id={e.source_id} />;
    case 'order':
      return <IdLink to={`/orders/${e.source_id}`} id={e.source_id} />;
    default:
      return <code>{e.source_id}</code>;
  }
}

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
                    <td>{accountName(a.ledger_account)}</td>
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
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const account = (params.get('ledger_account') ?? '') as S['LedgerAccount'] | '';
  const orderId = params.get('order_id') ?? '';
  const { state, pager } = usePaged(
    (cursor) =>
      must(
        api.GET('/v1/ledger_entries', {
          params: { query: { limit: 25, ...(account ? { ledger_account: account } : {}), ...(orderId ? { order_id: orderId } : {}), ...(cursor ? { cursor } : {}) } },
        }),
      ),
    [account, orderId],
  );
  const filter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const orderLink = (id: string) => (can('orders:read') ? <IdLink to={`/orders/${id}`} id={id} /> : <code>{id}</code>);
  return (
    <>
      <PageHeader title="Ledger" />
      <TrialBalance />
      <section className="card ledger-entries">
        <h2>Entries</h2>
        <div className="filters">
          <Field label="Account">
            <select name="ledger_account" value={account} onChange={(e) => filter('ledger_account', e.target.value)}>
              <option value="">All</option>
              {LEDGER_ACCOUNTS.map((a) => (
                <option key={a} value={a}>
                  {accountName(a)}
                </option>
              ))}
            </select>
          </Field>
          {orderId ? (
            <p className="filter-actions" data-testid="order-filter">
              Order {orderLink(orderId)}{' '}
              <button type="button" className="secondary" onClick={() => filter('order_id', '')}>
                All orders
              </button>
            </p>
          ) : null}
        </div>
        <ListTable
          state={state}
          pager={pager}
          empty={
            account || orderId
              ? `No entry${account ? ` in ${accountName(account)}` : ''}${orderId ? ' for this order' : ''} yet.`
              : 'No ledger entry yet: entries are posted when orders are delivered, invoices sent and payments made.'
          }
          head={
            <tr>
              <th>Posted</th>
              <th>Journal entry</th>
              <th>Account</th>
              <th>Debit</th>
              <th>Credit</th>
              <th>Source</th>
              <th>Order</th>
              <th>Description</th>
            </tr>
          }
          row={(e) => (
            <tr key={e.id} data-testid="ledger-entry">
              <td>{time(e.created)}</td>
              <td>
                <code>{e.journal_entry_id}</code>
              </td>
              <td>{accountName(e.ledger_account)}</td>
              <td>{e.direction === 'debit' ? money(e.amount, e.currency) : ''}</td>
              <td>{e.direction === 'credit' ? money(e.amount, e.currency) : ''}</td>
              <td>
                <SourceLink entry={e} />
              </td>
              <td>{e.order_id ? orderLink(e.order_id) : '—'}</td>
              <td>{e.description}</td>
            </tr>
          )}
        />
      </section>
    </>
  );
}
