// What every service receives: one context object, built by the HTTP pipeline for a request and by
// the background jobs for their own work.
import type { EntityManager } from '@mikro-orm/sql';
import type { components } from '../../generated/openapi.js';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';
import type { TraceHeaders } from './trace.js';

/**
 * Who is calling: an API key, an OAuth client through one of its access tokens, or a dashboard user
 * through a sign-in session.
 */
export interface Principal {
  accountId: string;
  /** The key (`key_...`), OAuth client (`oac_...`) or user (`usr_...`) id: the audit actor and the rate-limit bucket. */
  actorId: string;
  kind: 'api_key' | 'oauth_token' | 'session';
  scopes: ReadonlySet<string>;
  apiVersion: components['schemas']['ApiVersion'];
  /** The session (`ses_...`) that authenticated the request, when `kind` is `session`. */
  sessionId?: string;
}

/**
 * Dashboard sign-in attempts allowed per email and per client address within a window of
 * `windowMs` (each counted before its password is checked; a successful one gives its count back).
 */
export interface SignInPolicy {
  perEmail: number;
  perAddress: number;
  windowMs: number;
}
export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = { perEmail: 5, perAddress: 50, windowMs: 15 * 60_000 };

/**
 * How long a dashboard session lives: ended after `idleTimeoutMs` without a request, and
 * `maxLifetimeMs` after sign-in in any case. The defaults are OWASP ASVS level 2's (30 minutes idle,
 * 12 hours at most).
 */
export interface SessionPolicy {
  idleTimeoutMs: number;
  maxLifetimeMs: number;
}
export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleTimeoutMs: 30 * 60_000, maxLifetimeMs: 12 * 3_600_000 };

/** Process-wide settings that change what services allow. */
export interface Settings {
  /** Production mode refuses development conveniences (plain-http webhook URLs, cookies without `Secure`). */
  production: boolean;
  /** Limits on dashboard sign-in attempts. */
  signIn: SignInPolicy;
  /** Dashboard session lifetimes; DEFAULT_SESSION_POLICY when absent (background work signs nobody in). */
  sessions?: SessionPolicy;
  /** MAIL_FROM, the sender of every email (its domain names the Message-IDs); the default sender when absent. */
  mailFrom?: string;
  /**
   * No mail server is configured (no SMTP_URL): a live email is written `kept`, not queued, and
   * stays so until sent by hand (POST /v1/messages/{id}/send). Absent: emails are queued.
   */
  keepsMail?: boolean;
}

/** The context of any unit of work: its entity manager, time, logger and origin. */
export interface Context {
  em: EntityManager;
  clock: Clock;
  /**
   * The real time, when `clock` is a test clock's (what happens on a clock's advance): work for the
   * world outside the clock (a delivery to an endpoint on no clock) is due by it. Absent otherwise.
   */
  realClock?: Clock;
  log: Logger;
  settings: Settings;
  /** The request that caused the work; null for background work. */
  requestId: string | null;
  /** The caller's address, for the audit log; null for background work. */
  ip: string | null;
  /** The request's `Idempotency-Key` (a POST's), kept on the events it causes; absent or null without one. */
  idempotencyKey?: string | null;
  /** The request's span, which the events it causes continue in their deliveries; absent or null for background work. */
  trace?: TraceHeaders | null;
  /**
   * A signal aborted when the caller has gone away before its answer, or the process is shutting
   * down (made on first call: a request that waits asks for it); absent for background work.
   */
  whenGone?: () => AbortSignal;
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
