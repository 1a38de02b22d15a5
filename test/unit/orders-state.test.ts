// The order lifecycle as API-DESIGN's table states it, written out here as the facts, every action
// against every status; and the state-machine helper's refusals.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/errors.js';
import { stateMachine } from '../../src/shared/state-machine.js';
import { orderLifecycle, ORDER_TRANSITIONS } from '../../src/orders/orders.state.js';

const STATUSES = ['pending', 'dispatched', 'in_transit', 'delivered', 'cancelled'] as const;

// action -> the statuses it is allowed from (API-DESIGN, "Order"): PATCH edits only a pending order;
// cancel before pickup; an exception in any status but cancelled. Documents: a rate confirmation once
// a carrier took the load, a bill of lading once delivered.
const ALLOWED: Record<string, readonly string[]> = {
  update: ['pending'],
  dispatch: ['pending'],
  pickup: ['dispatched'],
  deliver: ['in_transit'],
  cancel: ['pending', 'dispatched'],
  // A cancellation or a delivery recorded by mistake, undone (the status it goes back to is the service's).
  reopen: ['cancelled', 'delivered'],
  report_exception: ['pending', 'dispatched', 'in_transit', 'delivered'],
  confirm_rate: ['dispatched', 'in_transit', 'delivered'],
  print_bill_of_lading: ['delivered'],
};

describe('order lifecycle', () => {
  it('has exactly the design’s actions', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  const cases = Object.entries(ALLOWED).flatMap(([action, from]) => STATUSES.map((s) => [action, s, from.includes(s)] as const));
  it.each(cases)('%s from %s: allowed %s', (action, status, allowed) => {
    const a = action as keyof typeof ORDER_TRANSITIONS;
    expect(orderLifecycle.allows(a, status)).toBe(allowed);
    if (allowed) expect(orderLifecycle.assert(a, status, 'ord_1')).toBe(ORDER_TRANSITIONS[a]);
    else expect(() => orderLifecycle.assert(a, status, 'ord_1')).toThrow(ApiError);
  });

  it('leads where the design says and fires its event', () => {
    const moves = Object.fromEntries(Object.entries(ORDER_TRANSITIONS).map(([a, t]) => [a, { to: 'to' in t ? t.to : undefined, event: 'event' in t ? t.event : undefined }]));
    expect(moves).toEqual({
      update: { to: undefined, event: undefined },
      dispatch: { to: 'dispatched', event: 'order.dispatched' },
      pickup: { to: 'in_transit', event: 'order.in_transit' },
      deliver: { to: 'delivered', event: 'order.delivered' },
      cancel: { to: 'cancelled', event: 'order.cancelled' },
      reopen: { to: undefined, event: 'order.reopened' },
      report_exception: { to: undefined, event: 'order.exception' },
      confirm_rate: { to: undefined, event: undefined },
      print_bill_of_lading: { to: undefined, event: undefined },
    });
  });

  it.each([
    ['update', 'delivered', 'An order (ord_1) in status delivered cannot be updated; allowed from pending.'],
    ['dispatch', 'in_transit', 'An order (ord_1) in status in_transit cannot be dispatched; allowed from pending.'],
    ['pickup', 'pending', 'An order (ord_1) in status pending cannot be picked up; allowed from dispatched.'],
    ['deliver', 'dispatched', 'An order (ord_1) in status dispatched cannot be delivered; allowed from in_transit.'],
    ['cancel', 'in_transit', 'An order (ord_1) in status in_transit cannot be cancelled; allowed from pending or dispatched.'],
    ['report_exception', 'cancelled', 'An order (ord_1) in status cancelled cannot be given an exception; allowed from pending or dispatched or in_transit or delivered.'],
    ['confirm_rate', 'pending', 'An order (ord_1) in status pending cannot be given a rate confirmation; allowed from dispatched or in_transit or delivered.'],
    ['print_bill_of_lading', 'in_transit', 'An order (ord_1) in status in_transit cannot be given a bill of lading; allowed from delivered.'],
    ['cancel', 'cancelled', 'The order ord_1 is already cancelled.'],
    ['deliver', 'delivered', 'The order ord_1 is already delivered.'],
    ['reopen', 'in_transit', 'An order (ord_1) in status in_transit cannot be reopened; allowed from cancelled or delivered.'],
  ])('refuses %s from %s with 409 invalid_state_transition', (action, status, message) => {
    try {
      orderLifecycle.assert(action as keyof typeof ORDER_TRANSITIONS, status, 'ord_1');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 409, code: 'invalid_state_transition', message });
    }
  });
});

describe('stateMachine', () => {
  const machine = stateMachine('carrier', {
    suspend: { from: ['active'], to: 'suspended', verb: 'suspended' },
    note: { from: ['active', 'suspended'], verb: 'noted' },
  });
  const message = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      return (err as ApiError).message;
    }
    return 'no error';
  };

  it('says "A" before a consonant and "An" before a vowel', () => {
    expect(message(() => machine.assert('suspend', 'rejected'))).toBe('A carrier in status rejected cannot be suspended; allowed from active.');
    expect(message(() => stateMachine('order', ORDER_TRANSITIONS).assert('pickup', 'pending'))).toBe(
      'An order in status pending cannot be picked up; allowed from dispatched.',
    );
    const upper = stateMachine('Invoice', { send: { from: ['DRAFT'], to: 'SENT', verb: 'sent' } });
    expect(message(() => upper.assert('send', 'PAID'))).toBe('An Invoice in status PAID cannot be sent; allowed from DRAFT.');
    const allowsY = stateMachine('ys', { x: { from: ['a'], verb: 'xed' } });
    expect(message(() => allowsY.assert('x', 'b'))).toBe('A ys in status b cannot be xed; allowed from a.');
  });
  it('says "already" only when the move would lead to the status it is in, and it has an id', () => {
    expect(message(() => machine.assert('suspend', 'suspended', 'car_1'))).toBe('The carrier car_1 is already suspended.');
    expect(message(() => machine.assert('suspend', 'suspended'))).toBe('A carrier in status suspended cannot be suspended; allowed from active.');
    expect(message(() => machine.assert('suspend', 'rejected', 'car_1'))).toBe('A carrier (car_1) in status rejected cannot be suspended; allowed from active.');
    expect(message(() => machine.assert('note', 'rejected', 'car_1'))).toBe('A carrier (car_1) in status rejected cannot be noted; allowed from active or suspended.');
  });
  it('returns the row when allowed', () => {
    expect(machine.assert('note', 'suspended', 'car_1')).toBe(machine.table.note);
    expect(machine.allows('note', 'rejected')).toBe(false);
  });
});
