// The general ledger: every money movement posts one journal entry of two or more lines whose debits
// equal its credits, in the transaction of the movement. The database checks the balance again at
// commit (a deferred constraint trigger) and keeps the ledger append-only. Also the reads: the lines
// (listLedgerEntries) and the trial balance (ledgerBalances).
import type { components, operations } from '../../generated/openapi.js';
import { unixSeconds } from '../shared/clock.js';
import type { Context, RequestContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';
import { createdRange, listPage, type Page } from '../shared/pagination.js';
import { LedgerEntry } from './accounting.entities.js';

type S = components['schemas'];
type LedgerAccount = S['LedgerAccount'];
type ListQuery = NonNullable<operations['listLedgerEntries']['parameters']['query']>;
type BalancesQuery = NonNullable<operations['getLedgerBalances']['parameters']['query']>;

/** The chart of accounts, in the order the trial balance lists them, with the side that increases each. */
export const LEDGER_ACCOUNTS: readonly { account: LedgerAccount; normal: 'debit' | 'credit' }[] = [
  { account: 'cash', normal: 'debit' },
  { account: 'accounts_receivable', normal: 'debit' },
  { account: 'revenue', normal: 'credit' },
  { account: 'carrier_cost', normal: 'debit' },
  { account: 'carrier_payable', normal: 'credit' },
];

export interface JournalEntry {
  accountId: string;
  sourceType: LedgerEntry['sourceType'];
  sourceId: string;
  description: string;
  currency: S['Currency'];
  /** Debit `debit`, credit `credit`, by `amount` cents (a two-line entry, the only kind the product posts). */
  debit: LedgerAccount;
  credit: LedgerAccount;
  amount: number;
  now: Date;
}

/** Posts one balanced journal entry in the context's transaction; returns its lines. A zero amount posts nothing. */
export function postJournalEntry(ctx: Context, entry: JournalEntry): LedgerEntry[] {
  if (!Number.isSafeInteger(entry.amount) || entry.amount < 0) throw new Error(`journal entry amount ${entry.amount} is not whole cents`);
  if (entry.amount === 0) return [];
  const journalEntryId = newId('journalEntry', entry.now.getTime());
  const line = (ledgerAccount: LedgerAccount, direction: 'debit' | 'credit') =>
    ctx.em.create(LedgerEntry, {
      id: newId('ledgerEntry', entry.now.getTime()),
      accountId: entry.accountId,
      journalEntryId,
      ledgerAccount,
      direction,
      amount: entry.amount,
      currency: entry.currency,
      sourceType: entry.sourceType,
      sourceId: entry.sourceId,
      description: entry.description,
      createdAt: entry.now,
    });
  const lines = [line(entry.debit, 'debit'), line(entry.credit, 'credit')];
  for (const l of lines) ctx.em.persist(l);
  return lines;
}

export function renderLedgerEntry(l: LedgerEntry): S['LedgerEntry'] {
  return {
    id: l.id,
    object: 'ledger_entry',
    journal_entry_id: l.journalEntryId,
    ledger_account: l.ledgerAccount,
    direction: l.direction,
    amount: l.amount,
    currency: l.currency,
    source_type: l.sourceType,
    source_id: l.sourceId,
    description: l.description,
    created: unixSeconds(l.createdAt),
  };
}

export function listLedgerEntries(ctx: RequestContext, query: ListQuery): Promise<Page<LedgerEntry>> {
  const where = {
    ...(query.ledger_account ? { ledgerAccount: query.ledger_account } : {}),
    ...(query.source_id ? { sourceId: query.source_id } : {}),
    ...(query.journal_entry_id ? { journalEntryId: query.journal_entry_id } : {}),
    ...createdRange(query.created),
  };
  return listPage(ctx.em, LedgerEntry, ctx.principal.accountId, where, query);
}

/** The trial balance of the caller's account in one currency, from every line posted up to `as_of` (now by default). */
export async function ledgerBalances(ctx: RequestContext, query: BalancesQuery): Promise<S['LedgerBalances']> {
  const asOf = query.as_of ?? unixSeconds(ctx.clock.now());
  const currency = query.currency ?? 'usd';
  const rows = (await ctx.em.execute(
    `select ledger_account, direction, sum(amount)::text as total from ledger_entries
      where account_id = ? and currency = ? and created_at <= ? group by ledger_account, direction`,
    // The whole second `as_of` (its last millisecond: the next second's start can be past year 9999).
    [ctx.principal.accountId, currency, new Date(asOf * 1000 + 999)],
  )) as { ledger_account: LedgerAccount; direction: 'debit' | 'credit'; total: string }[];
  const total = (account: LedgerAccount, direction: 'debit' | 'credit') =>
    Number(rows.find((r) => r.ledger_account === account && r.direction === direction)?.total ?? 0);
  const accounts = LEDGER_ACCOUNTS.map(({ account, normal }) => {
    const debits = total(account, 'debit');
    const credits = total(account, 'credit');
    return { ledger_account: account, normal_balance: normal, debits, credits, balance: normal === 'debit' ? debits - credits : credits - debits };
  });
  return {
    object: 'ledger_balances',
    currency,
    as_of: asOf,
    accounts,
    total_debits: accounts.reduce((s, a) => s + a.debits, 0),
    total_credits: accounts.reduce((s, a) => s + a.credits, 0),
  };
}
