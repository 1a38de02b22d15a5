// What the rest of the code needs of the database (src/db/orm.ts opens it): an entity manager per
// unit of work, and LISTEN for wake-ups.
import type { EntityManager } from '@mikro-orm/sql';

export interface Database {
  kind: 'pglite' | 'postgresql';
  /** A fresh entity manager (its own identity map) for one unit of work. */
  em(): EntityManager;
  /** LISTEN on a channel; resolves to the function that stops listening. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
