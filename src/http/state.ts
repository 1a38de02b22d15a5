// What the pipeline's steps hand each other about one request (Koa's `ctx.state`), in the order the
// steps fill it in.
import type { ParameterizedContext } from 'koa';
import type { Operation } from 'openapi-backend';
import type { EntityManager } from '@mikro-orm/sql';
import type { OAuthClient } from '../auth/auth.entities.js';
import type { Principal } from '../shared/context.js';
import type { Logger } from '../shared/logger.js';
import type { Traced } from '../shared/trace.js';
import type { RateLimitPolicy, Take } from './rate-limit.types.js';

/** A handler's answer (of any operation), before it is rendered for the caller's API version. */
export interface HandlerReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Set for answers that are not JSON resources (documents, metrics); they are sent as they are. */
  contentType?: string;
}

export interface PipelineState {
  /** request-log */
  requestId: string;
  /** The request's span (W3C trace context: the caller's trace, or a new one) */
  trace: Traced;
  log: Logger;
  em: EntityManager;
  /** Headers every answer carries, errors included (rate limit). */
  answerHeaders: Record<string, string>;
  /** rate-limit (throttleAddresses): the address's bucket, checked with the caller's own take once authenticated */
  addressCheck?: { key: string; policy: RateLimitPolicy; done: boolean };
  /** authenticate: the caller's take and the address's bucket, when read with the key (rate-limit answers them) */
  taken?: { own: Take; address: Take; now: Date };
  /** route */
  operation?: Operation;
  /** authenticate: the key's, token's or session's principal (`/v1` operations) */
  principal?: Principal;
  /** authenticate: the OAuth client (the `/oauth` operations) */
  client?: OAuthClient;
  /** body */
  body?: unknown;
  /** validate: path and query coerced to their schema types, the body with the spec's defaults */
  input?: { params: unknown; query: unknown; body: unknown };
  /** dispatch (or an idempotent replay) */
  reply?: HandlerReply;
}

export type PipelineContext = ParameterizedContext<PipelineState>;
export type Step = (c: PipelineContext, next: () => Promise<void>) => Promise<void>;

/** The security schemes an operation accepts (any one of its requirements), read once per operation. */
const schemeCache = new WeakMap<Operation, ReadonlySet<string>>();
export function schemesOf(operation: Operation): ReadonlySet<string> {
  let schemes = schemeCache.get(operation);
  if (!schemes) {
    schemes = new Set(((operation.security ?? []) as Record<string, string[]>[]).flatMap((r) => Object.keys(r)));
    schemeCache.set(operation, schemes);
  }
  return schemes;
}

/** Operations secured by a client (the OAuth endpoints) rather than a caller's credential. */
export const isClientOperation = (operation: Operation): boolean => schemesOf(operation).has('oauthClient');
