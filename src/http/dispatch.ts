// Calls the operation's handler with the validated input and the context its kind of operation
// gets: the principal for `/v1` operations, the OAuth client for `/oauth`, neither for the operations
// without security (the platform's, and signing in).
import type { ServerResponse } from 'node:http';
import type { Clock } from '../shared/clock.js';
import type { Context, Settings } from '../shared/context.js';
import type { OperationId } from '../shared/handlers.js';
import { requestKey } from './idempotency.rules.js';
import type { HandlerReply, Step } from './state.js';

type AnyHandler = (input: { params: unknown; query: unknown; body: unknown }, ctx: Context) => Promise<HandlerReply>;

/**
 * A signal aborted when the caller has gone away before its answer (its connection closed first),
 * or when the process begins to shut down.
 */
function goneSignal(res: ServerResponse, stopping?: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const closedEarly = () => !res.writableFinished && controller.abort();
  if (res.closed) closedEarly();
  else res.once('close', closedEarly);
  return stopping ? AbortSignal.any([controller.signal, stopping]) : controller.signal;
}

export function dispatch(handlers: Record<OperationId, unknown>, deps: { clock: Clock; settings: Settings; shuttingDown: () => boolean; stopping?: AbortSignal }): Step {
  return async (c) => {
    const { state } = c;
    const handler = handlers[state.operation!.operationId as OperationId] as AnyHandler;
    // Made on first use only (a listener's long poll): no other request pays for it.
    let gone: AbortSignal | undefined;
    const whenGone = () => (gone ??= goneSignal(c.res, deps.stopping));
    const ctx: Context = {
      em: state.em,
      clock: deps.clock,
      log: state.log,
      settings: deps.settings,
      requestId: state.requestId,
      ip: c.ip || null,
      idempotencyKey: requestKey(c.method, c.get('Idempotency-Key')) || null,
      trace: state.trace.headers,
      whenGone,
    };
    const extra = state.principal
      ? { principal: state.principal }
      : state.client
        ? { client: state.client }
        : { shuttingDown: deps.shuttingDown(), headers: c.headers };
    state.reply = await handler(state.input!, { ...ctx, ...extra } as Context);
  };
}
