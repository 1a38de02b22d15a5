// The contract between the HTTP pipeline and the domains' handlers, typed from the generated spec
// types: a handler per operationId gets the validated input and a context, and answers a status and
// a body the spec allows for that status. Errors are thrown (src/shared/errors.ts).
import type { IncomingHttpHeaders } from 'node:http';
import type { operations } from '../../generated/openapi.js';
import type { Context, RequestContext } from './context.js';

export type OperationId = keyof operations;

type Op<Id extends OperationId> = operations[Id];
type ParamsOf<Id extends OperationId, Where extends 'path' | 'query'> = Op<Id> extends { parameters: { [W in Where]?: infer P } }
  ? [P] extends [undefined] ? Record<string, never> : NonNullable<P>
  : Record<string, never>;
/** An optional JSON body left out arrives as `{}` with the spec's defaults filled in (see src/http/body.ts). */
type BodyOf<Id extends OperationId> = Op<Id> extends { requestBody?: { content: infer C } } ? C[keyof C] : undefined;
/** The statuses a handler answers with itself (errors are thrown). */
type SuccessStatus = 200 | 201 | 202 | 503;
export type Reply<Id extends OperationId> = {
  [S in SuccessStatus & keyof Op<Id>['responses']]: Op<Id>['responses'][S] extends { content: infer C }
    ? { status: S; body: C[keyof C]; headers?: Record<string, string>; contentType?: string }
    : never;
}[SuccessStatus & keyof Op<Id>['responses']];

export interface HandlerInput<Id extends OperationId> {
  params: ParamsOf<Id, 'path'>;
  query: ParamsOf<Id, 'query'>;
  body: BodyOf<Id>;
}

/** Handlers of some operations, each receiving the context `Ctx` its kind of operation has. */
export type HandlersWith<Ids extends OperationId, Ctx extends Context> = {
  [Id in Ids]: (input: HandlerInput<Id>, ctx: Ctx) => Promise<Reply<Id>>;
};

/** Operations secured by an API key or access token (every `/v1` operation). */
export type Handlers<Ids extends OperationId> = HandlersWith<Ids, RequestContext>;

/** The context of an unauthenticated platform operation. */
export interface PublicContext extends Context {
  /** True once the process began shutting down (readiness answers 503). */
  shuttingDown: boolean;
  /** The request's headers (content negotiation of the published documents). */
  headers: IncomingHttpHeaders;
}
export type PublicHandlers<Ids extends OperationId> = HandlersWith<Ids, PublicContext>;
