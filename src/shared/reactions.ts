// What the product does because something happened, in the transaction where it happened: a domain
// records its event (src/webhooks/emitter.ts) and the domains that react to that kind of event (the
// ledger posts a delivered order's revenue and cost, an invoice sent, a payment received) do their
// part before the transaction commits. The one that acts never calls the one that reacts, so a domain
// lower in the house (orders) never imports one above it (accounting). Reactions are given once per
// process, with the database (src/db/orm.ts), so every process that writes has them.
import type { EventPayloads, EventType } from '../../generated/events.js';
import type { Context } from './context.js';

/** An event as a reaction sees it: its type, data, account and time. */
export interface Happened<T extends EventType> {
  id: string;
  type: T;
  accountId: string;
  data: EventPayloads[T];
  createdAt: Date;
}

export type Reaction<T extends EventType> = (ctx: Context, event: Happened<T>) => Promise<void>;

/** The reactions to each event type, in the order they run. */
export type Reactions = { [T in EventType]?: readonly Reaction<T>[] };

let current: Reactions | null = null;

/** Sets the process's reactions (replacing any given before: giving the same table twice runs each once). */
export function useReactions(reactions: Reactions): void {
  current = reactions;
}

/** Runs the reactions to `event` in the context's transaction, one after another; a reaction that throws aborts the change. */
export async function reactTo<T extends EventType>(ctx: Context, event: Happened<T>): Promise<void> {
  // Nothing given is a process that writes without having opened the database as the product does:
  // refused, so that no change is recorded without what it posts.
  if (!current) throw new Error(`no reactions were given to react to ${event.type} (open the database with openDatabase)`);
  for (const reaction of (current[event.type] ?? []) as readonly Reaction<T>[]) await reaction(ctx, event);
}
