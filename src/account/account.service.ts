// The account's own settings: the brokerage's details that every document it sends carries (legal
// name, address, phone, email, where to remit, how to pay). Read and changed by the account's
// accounting staff; documents take a snapshot of them when they are made (brokerOf).
import type { components } from '../../generated/openapi.js';
import { Account } from '../auth/auth.entities.js';
import type { Broker } from '../documents/documents.models.js';
import { unixSeconds } from '../shared/clock.js';
import { inTransaction, type Context, type RequestContext } from '../shared/context.js';
import { lockOne } from '../shared/find.js';
import { liveAccountIdOf, livemodeOf } from '../shared/livemode.js';

type S = components['schemas'];

const postal = (a: S['PostalAddress'] | null | undefined): S['PostalAddress'] | null =>
  a ? { address1: a.address1, address2: a.address2 ?? null, city: a.city, state: a.state, zip: a.zip } : null;

export function renderAccount(a: Account): S['Account'] {
  return {
    id: liveAccountIdOf(a.id), // the brokerage's one id, in either mode
    object: 'account',
    livemode: livemodeOf(a.id),
    name: a.name,
    legal_name: a.legalName ?? null,
    address: postal(a.address),
    phone: a.phone ?? null,
    email: a.email ?? null,
    remit_to: postal(a.remitTo),
    payment_instructions: a.paymentInstructions ?? null,
    tracking_shows_price: a.trackingShowsPrice ?? false,
    created: unixSeconds(a.createdAt),
    updated: unixSeconds(a.updatedAt),
  };
}

export const getAccount = (ctx: RequestContext): Promise<Account> => ctx.em.findOneOrFail(Account, { id: ctx.principal.accountId });

export function updateAccount(ctx: RequestContext, input: S['AccountUpdate']): Promise<Account> {
  return inTransaction(ctx, async (tx) => {
    const account = (await lockOne(tx.em, Account, { id: ctx.principal.accountId }))!;
    if (input.legal_name !== undefined) account.legalName = input.legal_name;
    if (input.address !== undefined) account.address = postal(input.address);
    if (input.phone !== undefined) account.phone = input.phone;
    if (input.email !== undefined) account.email = input.email;
    if (input.remit_to !== undefined) account.remitTo = postal(input.remit_to);
    if (input.payment_instructions !== undefined) account.paymentInstructions = input.payment_instructions;
    if (input.tracking_shows_price !== undefined) account.trackingShowsPrice = input.tracking_shows_price;
    account.updatedAt = ctx.clock.now();
    await tx.em.flush();
    return account;
  });
}

/** The brokerage as its documents show it, now: its legal name (else the account's name) and details. */
export async function brokerOf(ctx: Context, accountId: string): Promise<Broker> {
  const a = await ctx.em.findOneOrFail(Account, { id: accountId });
  return {
    legal_name: a.legalName ?? a.name,
    address: postal(a.address),
    phone: a.phone ?? null,
    email: a.email ?? null,
    remit_to: postal(a.remitTo),
    payment_instructions: a.paymentInstructions ?? null,
  };
}
