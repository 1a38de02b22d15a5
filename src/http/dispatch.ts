// Calls the operation's handler with the validated input and the context its kind of operation
// gets: the principal for `/v1` operations, the OAuth client for `/oauth`, neither for the operations
// without security (the platform's, and signing in).
import type { Clock } from '../shared/clock.js';
import type { Context, Settings } from '../shared/context.js';
import type { OperationId } from '../shared/handlers.js';
import { requestKey } from './idempotency.rules.js';
import type { HandlerReply, Step } from './state.js';

type AnyHandler = (input: { params: unknown; query: unknown; body: unknown }, ctx: Context) => Promise<HandlerReply>;

export function dispatch(handlers: Record<OperationId, unknown>, deps: { clock: Clock; settings: Settings; shuttingDown: () => boolean; stopping?: AbortSignal }): Step {
  return async (c) => {
    const { state } = c;
    const handler = handlers[state.operation!.operationId as OperationId] as AnyHandler;
    // Aborted when the caller goes away before its answer, or the process begins to shut down (a long poll then stops waiting).
    const gone = new AbortController();
    c.res.once('close', () => {
      if (!c.res.writableFinished) gone.abort();
    });
    const signal = deps.stopping ? AbortSignal.any([gone.signal, deps.stopping]) : gone.signal;
    const ctx: Context = {
      em: state.em,
      clock: deps.clock,
      log: state.log,
      settings: deps.settings,
      requestId: state.requestId,
      ip: c.ip || null,
      idempotencyKey: requestKey(c.method, c.get('Idempotency-Key')) || null,
      trace: state.trace.headers,
      signal,
    };
    const extra = state.principal
      ? { principal: state.principal }
      : state.client
        ? { client: state.client }
        : { shuttingDown: deps.shuttingDown(), headers: c.headers };
    state.reply = await handler(state.input!, { ...ctx, ...extra } as Context);
  };
}
