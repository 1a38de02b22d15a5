// What every service receives: one context object, built by the HTTP pipeline for a request and by
// the background jobs for their own work.
import type { EntityManager } from '@mikro-orm/sql';
import type { components } from '../../generated/openapi.js';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';

/** Who is calling: an API key, or an OAuth client through one of its access tokens. */
export interface Principal {
  accountId: string;
  /** The key (`key_...`) or OAuth client (`oac_...`) id: the audit actor and the rate-limit bucket. */
  actorId: string;
  kind: 'api_key' | 'oauth_token';
  scopes: ReadonlySet<string>;
  apiVersion: components['schemas']['ApiVersion'];
}

/** Process-wide settings that change what services allow. */
export interface Settings {
  /** Production mode refuses development conveniences (plain-http webhook URLs). */
  production: boolean;
}

/** The context of any unit of work: its entity manager, time, logger and origin. */
export interface Context {
  em: EntityManager;
  clock: Clock;
  log: Logger;
  settings: Settings;
  /** The request that caused the work; null for background work. */
  requestId: string | null;
  /** The caller's address, for the audit log; null for background work. */
  ip: string | null;
}

/** The context of an authenticated API request. */
export interface RequestContext extends Context {
  principal: Principal;
  requestId: string;
}

/** Runs `work` in one transaction, with the same context over the transaction's entity manager. */
export const inTransaction = <C extends Context, T>(ctx: C, work: (tx: C) => Promise<T>): Promise<T> =>
  ctx.em.transactional((em: EntityManager) => work({ ...ctx, em }));

/** The context of background work (jobs, scans): no request, no caller. */
export const backgroundContext = (deps: { em: EntityManager; clock: Clock; log: Logger; settings: Settings }): Context => ({
  ...deps,
  requestId: null,
  ip: null,
});
