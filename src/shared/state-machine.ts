// The one state-machine helper: a resource's lifecycle is a table of actions (which statuses each is
// allowed from, the status it leads to, the event it fires, whether it is audited), and every move
// is checked against it here. Adding an action is one row plus its effect in the service.
import { errors } from './errors.js';

export interface Transition<Status extends string, Event extends string = string> {
  from: readonly Status[];
  /** Absent for actions that keep the status (edits, annotations). */
  to?: Status;
  /** The event the move fires, if any. */
  event?: Event;
  /** The audit-log action the move records, if it is privileged. */
  audit?: string;
  /** Past participle for the refusal message: "cannot be <verb>". */
  verb: string;
}

export interface StateMachine<Table extends Record<string, Transition<string>>> {
  readonly table: Table;
  /** Whether `action` is allowed from `status`. */
  allows(action: keyof Table, status: string): boolean;
  /**
   * The row of `action`, or 409 `invalid_state_transition` when it is not allowed from `status`.
   * `id` names the resource in the refusal ("The order ord_... is already cancelled.").
   */
  assert<A extends keyof Table>(action: A, status: string, id?: string): Table[A];
}

/** `resource` names the thing in refusal messages: "An order in status delivered cannot be cancelled". */
export function stateMachine<const Table extends Record<string, Transition<string>>>(resource: string, table: Table): StateMachine<Table> {
  const article = /^[aeiou]/i.test(resource) ? 'An' : 'A';
  const allows = (action: keyof Table, status: string) => (table[action]!.from as readonly string[]).includes(status);
  return {
    table,
    allows,
    assert(action, status, id) {
      const row = table[action]!;
      if (allows(action, status)) return row;
      // Doing again what was already done reads better said so.
      if (id && row.to === status) throw errors.invalidStateTransition(`The ${resource} ${id} is already ${row.verb}.`);
      throw errors.invalidStateTransition(
        `${article} ${resource}${id ? ` (${id})` : ''} in status ${status} cannot be ${row.verb}; allowed from ${row.from.join(' or ')}.`,
      );
    },
  };
}
