// What the rest of the code needs of the database (src/db/orm.ts opens it): an entity manager per
// unit of work, and LISTEN for wake-ups.
import type { EntityManager } from '@mikro-orm/sql';

export interface Database {
  kind: 'pglite' | 'postgresql';
  /** A fresh entity manager (its own identity map) for one unit of work. */
  em(): EntityManager;
  /**
   * Whether `listen` delivers notifications. Not through a transaction-mode pooler without a direct
   * URL: loops then poll often instead (POLL_WITHOUT_WAKEUPS_MS).
   */
  wakeups: boolean;
  /** LISTEN on a channel; resolves to the function that stops listening. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
