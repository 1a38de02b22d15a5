// Invoices: created for a customer from lines (amounts computed here), numbered without gaps per
// account, edited while DRAFT, sent (how and to whom recorded, the email or letter written to the
// outbox with its PDF), sent again on request, voided while unpaid. Every change writes its event
// (on which the ledger posts: ledger.reactions.ts), its message and (for a void) its audit entry in
// the same transaction. The totals, postings and the void's condition are accounting.rules.ts.
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { components, operations } from '../../generated/openapi.js';
import { recordAudit, type AuditAction } from '../audit/audit.service.js';
import { findCustomer } from '../customers/customers.service.js';
import type { Customer } from '../customers/customers.entities.js';
import type { Message } from '../mail/mail.entities.js';
import { latestMessages, queueMessage, renderDelivery, withdrawMessages, type MessageHead } from '../mail/outbox.js';
import { findOrder } from '../orders/orders.service.js';
import { Order } from '../orders/orders.entities.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import { inTransaction, type Context, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { createdRange, listPage, type Page } from '../shared/pagination.js';
import { queryRows } from '../shared/sql.js';
import type { JobHandler } from '../jobs/runner.js';
import { emitEvent, emitUpdated } from '../webhooks/emitter.js';
import { Invoice, InvoiceLine } from './accounting.entities.js';
import { invoiceDocument } from './accounting.documents.js';
import { billedOrders, invoiceTotals, isPastDue, lineAmount, subtotalOf, voidTransition } from './accounting.rules.js';
import { invoiceLifecycle } from './invoices.state.js';
import { livemodeOf } from '../shared/livemode.js';
import { issuePublicLink, publicLinkUrl } from '../shared/public-links.js';
import { mergeMetadata } from '../shared/metadata.js';

type S = components['schemas'];
type ListQuery = NonNullable<operations['listInvoices']['parameters']['query']>;

/** An invoice with its lines, in order, and the last message that sent it: what the API renders. */
export interface InvoiceWithLines {
  invoice: Invoice;
  lines: InvoiceLine[];
  delivery: MessageHead | null;
}

/** The UTC calendar day of an instant (an invoice is past due from the day after its due date). */
const today = (now: Date): string => now.toISOString().slice(0, 10);

export function renderInvoice({ invoice: i, lines, delivery }: InvoiceWithLines, now: Date): S['Invoice'] {
  return {
    id: i.id,
    object: 'invoice',
    livemode: livemodeOf(i.accountId),
    number: i.number,
    status: i.status,
    customer_id: i.customerId,
    currency: i.currency,
    lines: lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_amount: l.unitAmount, amount: l.amount, order_id: l.orderId ?? null })),
    ...invoiceTotals(i),
    due_date: i.dueDate,
    past_due: isPastDue(i, today(now)),
    sent_via: i.sentVia ?? null,
    sent_to: i.sentTo ?? null,
    sent_at: unixOrNull(i.sentAt),
    paid_at: unixOrNull(i.paidAt),
    voided_at: unixOrNull(i.voidedAt),
    invoice_pdf: `/v1/invoices/${i.id}.pdf`,
    hosted_invoice_url: publicLinkUrl('invoice', i.id, i.hostedLink),
    delivery: renderDelivery(delivery),
    metadata: i.metadata,
    created: unixSeconds(i.createdAt),
    updated: unixSeconds(i.updatedAt),
  };
}

export const findInvoice = ownedFinder(Invoice, 'invoice', 'invoice_id');

async function linesOf(ctx: Context, invoiceIds: string[]): Promise<Map<string, InvoiceLine[]>> {
  const lines = invoiceIds.length ? await ctx.em.find(InvoiceLine, { invoiceId: { $in: invoiceIds } }, { orderBy: { invoiceId: 'asc', position: 'asc' } }) : [];
  const by = new Map<string, InvoiceLine[]>(invoiceIds.map((id) => [id, []]));
  for (const l of lines) by.get(l.invoiceId)!.push(l);
  return by;
}

/** The last message that sent each invoice (its `delivery`). */
const deliveriesOf = (ctx: Context, accountId: string, invoiceIds: string[]): Promise<Map<string, MessageHead>> =>
  latestMessages(ctx.em, accountId, invoiceIds, 'invoice');

/** The invoice with its lines and its delivery, read in the context's transaction. */
export async function invoiceWithLines(ctx: Context, invoice: Invoice): Promise<InvoiceWithLines> {
  const [lines, deliveries] = await Promise.all([linesOf(ctx, [invoice.id]), deliveriesOf(ctx, invoice.accountId, [invoice.id])]);
  return { invoice, lines: lines.get(invoice.id)!, delivery: deliveries.get(invoice.id) ?? null };
}

export async function getInvoice(ctx: RequestContext, id: string): Promise<InvoiceWithLines> {
  return invoiceWithLines(ctx, await findInvoice(ctx, id));
}

/** The invoice as a document model, as it stands (rendered to PDF by the handler). */
export async function getInvoiceDocument(ctx: RequestContext, id: string) {
  const { invoice, lines } = await getInvoice(ctx, id);
  return invoiceDocument(ctx, invoice, lines);
}

export async function listInvoices(ctx: RequestContext, query: ListQuery): Promise<Page<InvoiceWithLines>> {
  const due = query.due_date ? { ...(query.due_date.gte ? { $gte: query.due_date.gte } : {}), ...(query.due_date.lte ? { $lte: query.due_date.lte } : {}) } : {};
  // Past due: SENT (something remains) with its due date behind today (UTC).
  const pastDue = { status: 'SENT' as const, dueDate: { $lt: today(ctx.clock.now()) } };
  const where = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.customer_id ? { customerId: query.customer_id } : {}),
    ...(Object.keys(due).length ? { dueDate: due } : {}),
    ...createdRange(query.created),
    ...(query.past_due === true ? { $and: [pastDue] } : query.past_due === false ? { $not: pastDue } : {}),
  };
  const page = await listPage(ctx.em, Invoice, ctx.principal.accountId, where, query);
  const ids = page.data.map((i) => i.id);
  const [lines, deliveries] = await Promise.all([linesOf(ctx, ids), deliveriesOf(ctx, ctx.principal.accountId, ids)]);
  return { ...page, data: page.data.map((invoice) => ({ invoice, lines: lines.get(invoice.id)!, delivery: deliveries.get(invoice.id) ?? null })) };
}

/**
 * Checks and builds the lines: each billed order is the customer's and billed by no live invoice
 * (its row locked, so two invoices cannot bill it at once). Returns the lines and their subtotal.
 */
async function buildLines(tx: RequestContext, invoice: Pick<Invoice, 'id' | 'customerId'>, input: S['InvoiceLineCreate'][]): Promise<{ lines: InvoiceLine[]; subtotal: number }> {
  for (const [orderId, i] of billedOrders(input)) {
    const param = `lines[${i}].order_id`;
    const order = await findOrder(tx, orderId, { param, forUpdate: true });
    if (order.customerId !== invoice.customerId) throw errors.referenceConflict(param, `Order ${orderId} belongs to another customer than the invoice's.`);
    const billed = await tx.em.findOne(InvoiceLine, { orderId, billing: true, invoiceId: { $ne: invoice.id } });
    if (billed) throw errors.orderAlreadyBilled(orderId, billed.invoiceId, param);
  }
  const lines = input.map((l, position) =>
    tx.em.create(InvoiceLine, {
      id: newId('invoiceLine'),
      accountId: tx.principal.accountId,
      invoiceId: invoice.id,
      position,
      description: l.description,
      quantity: l.quantity,
      unitAmount: l.unit_amount,
      amount: lineAmount(l),
      orderId: l.order_id ?? null,
      billing: true,
    }),
  );
  return { lines, subtotal: subtotalOf(lines) };
}

/** The next number of the account's invoices: its counter row, incremented in this transaction (rolled back with it, so no gap). */
async function nextInvoiceNumber(tx: RequestContext): Promise<string> {
  const [row] = (await tx.em.execute(
    `insert into invoice_counters (account_id, last_number) values (?, 1)
     on conflict (account_id) do update set last_number = invoice_counters.last_number + 1
     returning last_number`,
    [tx.principal.accountId],
  )) as { last_number: number }[];
  return `INV-${String(row!.last_number).padStart(6, '0')}`;
}

/**
 * How and to whom an invoice goes (the schema allows one field at most): the email or address given,
 * else the customer's email or billing address (`sent_via` picks which; by default the email, else
 * the address). `prefix` places the fields in the request (`send.` inside createInvoice).
 */
function recipient(customer: Customer, input: S['InvoiceSend'], prefix = ''): { via: S['InvoiceSentVia']; to: string | S['PostalAddress'] } {
  if (input.email) return { via: 'email', to: input.email };
  const postal = (a: S['PostalAddress']) => ({ address1: a.address1, address2: a.address2 ?? null, city: a.city, state: a.state, zip: a.zip });
  if (input.address) return { via: 'post', to: postal(input.address) };
  const via = input.sent_via ?? (customer.email ? 'email' : customer.billingAddress ? 'post' : null);
  if (via === 'email' && customer.email) return { via, to: customer.email };
  if (via === 'post' && customer.billingAddress) return { via, to: postal(customer.billingAddress) };
  const missing = via === 'post' ? 'address' : 'email';
  throw errors.referenceConflict(
    `${prefix}${missing}`,
    `Customer ${customer.id} has no ${via === 'post' ? 'billing address' : via === 'email' ? 'email' : 'email or billing address'}: give ${missing}.`,
  );
}

/**
 * Locks the rows of the orders the lines bill, in id order: the ledger's posting of a sent or voided
 * invoice depends on whether each is delivered, and a delivery locks its order first too.
 */
async function lockBilledOrders(tx: Context, lines: readonly InvoiceLine[]): Promise<void> {
  const ids = [...new Set(lines.flatMap((l) => (l.orderId ? [l.orderId] : [])))].sort();
  for (const id of ids) await tx.em.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** Writes the message that takes the invoice, as it stands, to `to`: an email with its PDF, or a letter in the print queue. */
async function mailInvoice(tx: Context, doc: InvoiceWithLines, customer: Customer, via: S['InvoiceSentVia'], to: string | S['PostalAddress'], now: Date): Promise<void> {
  const document = { ...(await invoiceDocument(tx, doc.invoice, doc.lines)), hosted_url: publicLinkUrl('invoice', doc.invoice.id, doc.invoice.hostedLink) };
  doc.delivery = await queueMessage(tx, {
    kind: 'invoice',
    channel: via,
    subjectId: doc.invoice.id,
    to,
    toName: customer.name,
    replyTo: document.broker.email,
    document,
    accountId: doc.invoice.accountId,
    now,
  });
}

/** DRAFT -> SENT: records how and to whom, writes the email or letter, fires invoice.sent (on which the ledger posts it). */
async function send(tx: RequestContext, doc: InvoiceWithLines, customer: Customer, input: S['InvoiceSend'], now: Date, prefix = ''): Promise<void> {
  const { invoice } = doc;
  const transition = invoiceLifecycle.assert('send', invoice.status, invoice.id);
  const { via, to } = recipient(customer, input, prefix);
  await lockBilledOrders(tx, doc.lines);
  invoice.status = transition.to;
  invoice.sentVia = via;
  invoice.sentTo = to;
  invoice.sentAt = now;
  invoice.updatedAt = now;
  invoice.hostedLink ??= await issuePublicLink(tx.em, 'invoice', invoice.id, invoice.accountId, now);
  await mailInvoice(tx, doc, customer, via, to, now);
  await emitEvent(tx, transition.event, renderInvoice(doc, now), { now });
}

/** A unique violation on the lines means another transaction billed the order first. */
async function billingOrders<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException && /invoice_lines_order_billed_once/.test(err.message)) {
      const orderId = /\(order_id\)=\(([^)]+)\)/.exec(err.message)?.[1] ?? 'in lines';
      throw errors.orderAlreadyBilled(orderId, null, 'lines');
    }
    throw err;
  }
}

export function createInvoice(ctx: RequestContext, input: S['InvoiceCreate']): Promise<InvoiceWithLines> {
  // `send: true` is the operation's empty body; an object is that body.
  const sending: S['InvoiceSend'] | null = input.send === true ? {} : input.send === false ? null : input.send;
  return billingOrders(() =>
    inTransaction(ctx, async (tx) => {
      const customer = await findCustomer(tx, input.customer_id, { param: 'customer_id' });
      const now = ctx.clock.now();
      const id = newId('invoice', now.getTime());
      const { lines, subtotal } = await buildLines(tx, { id, customerId: customer.id }, input.lines);
      // Taken after the lines: the counter row stays locked for the rest of the transaction (with
      // `send`, while the invoice's PDF is rendered: about 10 ms).
      const number = await nextInvoiceNumber(tx);
      const invoice = tx.em.create(Invoice, {
        id,
        accountId: ctx.principal.accountId,
        customerId: customer.id,
        number,
        status: 'DRAFT',
        currency: input.currency,
        subtotal,
        amountPaid: 0,
        dueDate: input.due_date,
        sentVia: null,
        sentTo: null,
        sentAt: null,
        hostedLink: null,
        paidAt: null,
        voidedAt: null,
        metadata: input.metadata ?? {},
        createdAt: now,
        updatedAt: now,
      });
      tx.em.persist(invoice);
      lines.forEach((l) => tx.em.persist(l));
      const doc: InvoiceWithLines = { invoice, lines, delivery: null };
      if (sending) {
        // invoice.created carries the invoice as created: already SENT (its message follows with invoice.sent).
        const created = { ...doc, invoice: { ...invoice } };
        const { via, to } = recipient(customer, sending, 'send.');
        invoice.hostedLink = await issuePublicLink(tx.em, 'invoice', invoice.id, invoice.accountId, now);
        created.invoice.hostedLink = invoice.hostedLink;
        Object.assign(created.invoice, { status: 'SENT', sentVia: via, sentTo: to, sentAt: now });
        await emitEvent(tx, 'invoice.created', renderInvoice(created, now), { now });
        await send(tx, doc, customer, sending, now, 'send.');
      } else {
        await emitEvent(tx, 'invoice.created', renderInvoice(doc, now), { now });
      }
      await tx.em.flush();
      return doc;
    }),
  );
}

export function updateInvoice(ctx: RequestContext, id: string, input: S['InvoiceUpdate']): Promise<InvoiceWithLines> {
  return billingOrders(() =>
    inTransaction(ctx, async (tx) => {
      const invoice = await findInvoice(tx, id, { forUpdate: true });
      // Metadata is the integrator's: it changes in any status; what is billed, only in a draft.
      const metadataOnly = input.metadata !== undefined && input.lines === undefined && input.due_date === undefined;
      if (!metadataOnly) invoiceLifecycle.assert('update', invoice.status, invoice.id);
      if (input.metadata !== undefined) invoice.metadata = mergeMetadata(invoice.metadata, input.metadata);
      let lines = (await linesOf(tx, [id])).get(id)!;
      const now = ctx.clock.now();
      // A DRAFT has no message: its delivery is null.
      const before = structuredClone(renderInvoice({ invoice, lines, delivery: null }, now));
      const was = invoice.updatedAt;
      if (input.lines) {
        for (const l of lines) tx.em.remove(l);
        await tx.em.flush(); // the old lines go first: the new ones reuse their positions and orders
        const built = await buildLines(tx, invoice, input.lines);
        lines = built.lines;
        lines.forEach((l) => tx.em.persist(l));
        invoice.subtotal = built.subtotal;
      }
      if (input.due_date !== undefined) invoice.dueDate = input.due_date;
      invoice.updatedAt = now;
      const doc: InvoiceWithLines = { invoice, lines, delivery: null };
      // invoice.updated with what changed; an edit that changes nothing records nothing, `updated` included.
      if (!(await emitUpdated(tx, 'invoice.updated', before, renderInvoice(doc, now), { now }))) invoice.updatedAt = was;
      await tx.em.flush();
      return doc;
    }),
  );
}

/**
 * Sends a DRAFT invoice; sends a SENT one again (a new message, as the invoice stands now, to the
 * recipient given or else the one of its last message), changing nothing else and firing no event.
 */
export function sendInvoice(ctx: RequestContext, id: string, input: S['InvoiceSend']): Promise<InvoiceWithLines> {
  return inTransaction(ctx, async (tx) => {
    const invoice = await findInvoice(tx, id, { forUpdate: true });
    const resending = invoiceLifecycle.allows('resend', invoice.status);
    if (!resending && !invoiceLifecycle.allows('send', invoice.status)) {
      throw errors.invalidStateTransition(`An invoice (${invoice.id}) in status ${invoice.status} cannot be sent; allowed from DRAFT (sent) or SENT (sent again).`);
    }
    const customer = await findCustomer(tx, invoice.customerId);
    const doc = await invoiceWithLines(tx, invoice);
    const now = ctx.clock.now();
    if (resending) {
      const again = Object.keys(input).length ? recipient(customer, input) : lastRecipient(invoice, doc.delivery);
      await mailInvoice(tx, doc, customer, again.via, again.to, now);
    } else {
      await send(tx, doc, customer, input, now);
    }
    await tx.em.flush();
    return doc;
  });
}

/** Where the invoice was last sent: its last message's channel and recipient (else how it was first sent). */
function lastRecipient(invoice: Invoice, last: MessageHead | null): { via: S['InvoiceSentVia']; to: string | S['PostalAddress'] } {
  if (last) return { via: last.channel, to: last.recipient };
  return { via: invoice.sentVia!, to: invoice.sentTo! };
}

/**
 * What the mail worker does when an invoice's email is refused for good: fires
 * invoice.delivery_failed with the invoice, whose `delivery` says why (in the transaction that
 * records the failure, after the message's row is written: `delivery` reads it).
 */
export async function invoiceDeliveryFailed(ctx: Context, message: Message): Promise<void> {
  if (message.kind !== 'invoice') return;
  const invoice = await ctx.em.findOneOrFail(Invoice, { id: message.subjectId, accountId: message.accountId });
  const doc = await invoiceWithLines(ctx, invoice);
  // Only the invoice's latest message speaks for it: an older one failing after a resend went out says nothing new.
  if (doc.delivery?.id !== message.id) return;
  const now = ctx.clock.now();
  await emitEvent(ctx, 'invoice.delivery_failed', renderInvoice(doc, now), { accountId: invoice.accountId, now });
}

/** SENT with nothing paid -> VOID: the ledger reverses it, the billed orders are freed, its unsent messages withdrawn, audited. */
export function voidInvoice(ctx: RequestContext, id: string): Promise<InvoiceWithLines> {
  return inTransaction(ctx, async (tx) => {
    const invoice = await findInvoice(tx, id, { forUpdate: true });
    const transition = voidTransition(invoice);
    const now = ctx.clock.now();
    const doc = await invoiceWithLines(tx, invoice);
    await lockBilledOrders(tx, doc.lines);
    for (const l of doc.lines) l.billing = false;
    invoice.status = transition.to;
    invoice.voidedAt = now;
    invoice.updatedAt = now;
    // An email or letter of it that has not gone out yet never will.
    if (await withdrawMessages(tx, invoice.accountId, invoice.id, now)) doc.delivery = (await deliveriesOf(tx, invoice.accountId, [invoice.id])).get(invoice.id) ?? null;
    // The ledger reverses what the invoice posted as it records invoice.voided.
    await emitEvent(tx, transition.event, renderInvoice(doc, now), { now });
    await recordAudit(tx, transition.audit as AuditAction, invoice.id, { now });
    await tx.em.flush();
    return doc;
  });
}

/** The job that announces invoices gone past due (one row, whatever the number of workers). */
export const OVERDUE_JOB = 'invoices.overdue';
export const OVERDUE_JOB_ID = 'job_invoices_overdue';
/** Invoices announced per transaction, and per run at most (a run that reaches it runs again at once). */
const OVERDUE_BATCH = 100;
const OVERDUE_PER_RUN = 10_000;

/**
 * Fires invoice.overdue once per invoice whose due date passed (UTC) while it was SENT: each marked
 * (`overdue_at`) in the transaction of its event, a batch at a time, rows locked with SKIP LOCKED so
 * two workers never announce one twice; of one account only when `accountId` is given (the test
 * helper's). The invoices of customers on no test clock (real time), or of those on the clock
 * `testClockId` (run by its advance, at the clock's time). Answers how many it announced.
 */
export async function announceOverdueInvoices(ctx: Context, limit = OVERDUE_PER_RUN, accountId?: string, testClockId: string | null = null): Promise<number> {
  let announced = 0;
  while (announced < limit) {
    const now = ctx.clock.now();
    const batch = await inTransaction(ctx, async (tx) => {
      const ids = await queryRows<{ id: string }>(
        tx.em,
        `select id from invoices i where status = 'SENT' and overdue_at is null and due_date < $1 and ($3::text is null or account_id = $3)
          and case when $4::text is null
            then not exists (select 1 from customers c where c.id = i.customer_id and c.test_clock_id is not null)
            else i.customer_id in (select c.id from customers c where c.test_clock_id = $4) end
          order by due_date, id limit $2 for update skip locked`,
        [today(now), Math.min(OVERDUE_BATCH, limit - announced), accountId ?? null, testClockId],
      );
      for (const { id } of ids) {
        const invoice = await tx.em.findOneOrFail(Invoice, { id });
        invoice.overdueAt = now;
        await emitEvent(tx, 'invoice.overdue', renderInvoice(await invoiceWithLines(tx, invoice), now), { accountId: invoice.accountId, now });
      }
      await tx.em.flush();
      return ids.length;
    });
    announced += batch;
    if (batch < OVERDUE_BATCH) break;
  }
  return announced;
}

/** The recurring check, every `intervalMs` (hourly by default: an invoice is announced within the hour its due date passes). */
export function overdueInvoicesJob(deps: { context: () => Context; intervalMs: number }): JobHandler {
  return {
    async run() {
      const ctx = deps.context();
      const announced = await announceOverdueInvoices(ctx);
      return { rescheduleAt: new Date(ctx.clock.now().getTime() + (announced >= OVERDUE_PER_RUN ? 0 : deps.intervalMs)) };
    },
    backoffMs: () => 60_000,
  };
}
