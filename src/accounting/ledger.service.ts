// The general ledger: every money movement posts one journal entry of two or more lines whose debits
// equal its credits, in the transaction of the movement (what each movement posts, and the trial
// balance's arithmetic, are in accounting.rules.ts; when, in ledger.reactions.ts). The database checks
// the balance again at commit (a deferred constraint trigger) and keeps the ledger append-only. Also
// the reads: the lines (listLedgerEntries) and the trial balance (ledgerBalances).
import type { components, operations } from '../../generated/openapi.js';
import { unixSeconds } from '../shared/clock.js';
import type { Context, RequestContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';
import { createdRange, listPage, type Page } from '../shared/pagination.js';
import { LedgerEntry } from './accounting.entities.js';
import { journalLines, trialBalance, type LedgerTotal, type Posting } from './accounting.rules.js';
import { livemodeOf } from '../shared/livemode.js';

type S = components['schemas'];
type ListQuery = NonNullable<operations['listLedgerEntries']['parameters']['query']>;
type BalancesQuery = NonNullable<operations['getLedgerBalances']['parameters']['query']>;

/** A posting in the account's books: the movement's posting, its account, currency and time. */
export interface JournalEntry extends Posting {
  accountId: string;
  currency: S['Currency'];
  now: Date;
}

/** Posts one balanced journal entry in the context's transaction; returns its lines. Nothing to post (all amounts zero) posts nothing. */
export function postJournalEntry(ctx: Context, entry: JournalEntry): LedgerEntry[] {
  const lines = journalLines(entry);
  if (!lines.length) return [];
  const journalEntryId = newId('journalEntry', entry.now.getTime());
  const entities = lines.map(({ ledgerAccount, direction, amount, orderId }) =>
    ctx.em.create(LedgerEntry, {
      id: newId('ledgerEntry', entry.now.getTime()),
      accountId: entry.accountId,
      journalEntryId,
      ledgerAccount,
      direction,
      amount,
      currency: entry.currency,
      sourceType: entry.sourceType,
      sourceId: entry.sourceId,
      orderId,
      kind: entry.kind,
      description: entry.description,
      createdAt: entry.now,
    }),
  );
  for (const l of entities) ctx.em.persist(l);
  return entities;
}

export function renderLedgerEntry(l: LedgerEntry): S['LedgerEntry'] {
  return {
    id: l.id,
    object: 'ledger_entry',
    livemode: livemodeOf(l.accountId),
    journal_entry_id: l.journalEntryId,
    ledger_account: l.ledgerAccount,
    direction: l.direction,
    amount: l.amount,
    currency: l.currency,
    source_type: l.sourceType,
    source_id: l.sourceId,
    // Lines posted before loads were named keep null, except a delivery's (its source is the load).
    order_id: l.orderId ?? (l.sourceType === 'order' ? l.sourceId : null),
    description: l.description,
    created: unixSeconds(l.createdAt),
  };
}

export function listLedgerEntries(ctx: RequestContext, query: ListQuery): Promise<Page<LedgerEntry>> {
  const where = {
    ...(query.ledger_account ? { ledgerAccount: query.ledger_account } : {}),
    ...(query.source_id ? { sourceId: query.source_id } : {}),
    // (A delivery posted before lines named their load names it as its source.)
    ...(query.order_id ? { $or: [{ orderId: query.order_id }, { orderId: null, sourceType: 'order' as const, sourceId: query.order_id }] } : {}),
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
  )) as LedgerTotal[];
  return { object: 'ledger_balances', livemode: livemodeOf(ctx.principal.accountId), currency, as_of: asOf, ...trialBalance(rows) };
}
