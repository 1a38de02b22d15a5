// What the accounting pages share: reading every page of a list, how an order and an amount read,
// the ledger's account names, and the Idempotency-Key a state-changing click carries.
import { api, must, type S } from '../../api.ts';
import { useLoad } from '../../ui.tsx';

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Every page of a list (for the few reads that must see all of it: what is not billed or paid yet). */
export async function everything<T>(load: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await load(cursor);
    all.push(...page.data);
    if (!page.has_more || !page.next_cursor) return all;
    cursor = page.next_cursor;
  }
}

export const route = (o: S['Order']) => `${o.pickup.city}, ${o.pickup.state} to ${o.delivery.city}, ${o.delivery.state}`;
export const vehiclesText = (o: S['Order']) => o.vehicles.map((v) => `${v.year} ${v.make} ${v.model}`).join(', ');

export const ACCOUNT_NAMES: Record<S['LedgerAccount'], string> = {
  cash: 'Cash',
  accounts_receivable: 'Accounts receivable',
  unbilled_receivables: 'Unbilled receivables',
  deferred_revenue: 'Deferred revenue',
  revenue: 'Revenue',
  carrier_cost: 'Carrier cost',
  carrier_payable: 'Carrier payable',
};

export const cents = (dollars: string) => Math.round(Number(dollars) * 100);
export const dollars = (amount: number) => (amount / 100).toFixed(2);

export function useCustomers() {
  return useLoad(() => everything((cursor) => must(api.GET('/v1/customers', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }))), []);
}

/**
 * A new Idempotency-Key, made when the person clicks: the request it goes with happens once even if
 * the network makes the browser send it twice, and the next click is a new request.
 */
export function idempotencyKey(): { 'Idempotency-Key': string } {
  // crypto.getRandomValues, not randomUUID: the dashboard may be served over plain http, where only the former exists.
  const hex = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { 'Idempotency-Key': `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
}

/** Today's date as the API's reports and print queue count days: UTC. */
export const utcToday = () => new Date().toISOString().slice(0, 10);
