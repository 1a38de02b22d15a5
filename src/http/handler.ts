// The contract between the HTTP layer and the domain handlers, typed from the generated spec types.
import type { IncomingHttpHeaders } from 'node:http';
import type { EntityManager } from '@mikro-orm/sql';
import type { operations } from '../../generated/openapi.js';
import type { Principal } from '../auth/auth.service.js';
import type { OAuthClient } from '../auth/auth.entities.js';
import type { Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';

export type OperationId = keyof operations;

export interface RequestContext {
  em: EntityManager;
  /** Null only for the unauthenticated platform operations. */
  principal: Principal | null;
  /** The authenticated OAuth client, on the operations secured by `oauthClient` only. */
  client: OAuthClient | null;
  requestId: string;
  clock: Clock;
  log: Logger;
  settings: { production: boolean };
  /** The request's headers (the OAuth endpoints read client credentials from Authorization). */
  headers: IncomingHttpHeaders;
  /** The caller's address, for the audit log. */
  ip: string | null;
}

type Op<Id extends OperationId> = operations[Id];
type ParamsOf<Id extends OperationId, Where extends 'path' | 'query'> = Op<Id> extends { parameters: { [W in Where]?: infer P } }
  ? [P] extends [undefined] ? Record<string, never> : NonNullable<P>
  : Record<string, never>;
/** An optional JSON body left out arrives as `{}` with the spec's defaults filled in (see app.ts). */
type BodyOf<Id extends OperationId> = Op<Id> extends { requestBody?: { content: infer C } } ? C[keyof C] : undefined;
/** The statuses a handler answers with itself (errors are thrown as ApiError). */
type SuccessStatus = 200 | 201 | 503;
type ResponseOf<Id extends OperationId> = {
  [S in SuccessStatus & keyof Op<Id>['responses']]: Op<Id>['responses'][S] extends { content: infer C }
    ? { status: S; body: C[keyof C]; headers?: Record<string, string>; contentType?: string }
    : never;
}[SuccessStatus & keyof Op<Id>['responses']];

export interface HandlerInput<Id extends OperationId> {
  params: ParamsOf<Id, 'path'>;
  query: ParamsOf<Id, 'query'>;
  body: BodyOf<Id>;
}

export type Handler<Id extends OperationId> = (input: HandlerInput<Id>, ctx: RequestContext) => Promise<ResponseOf<Id>>;

export type Handlers<Ids extends OperationId> = { [Id in Ids]: Handler<Id> };

/** The client of an `oauthClient` operation (the HTTP layer guarantees it). */
export function clientOf(ctx: RequestContext): OAuthClient {
  if (!ctx.client) throw new Error('OAuth operation without a client');
  return ctx.client;
}

/** The principal of an authenticated operation (the HTTP layer guarantees it). */
export function principalOf(ctx: RequestContext): Principal {
  if (!ctx.principal) throw new Error('authenticated operation without a principal');
  return ctx.principal;
}
