// The carrier lifecycle as API-DESIGN states it ("Carrier"): pending_vetting -> active on passing
// vetting (carrier.vetted) or rejected on failing it; active -> suspended (carrier.suspended);
// suspended -> pending_vetting on reinstatement (vetting again); a carrier whose vetting failed or
// was rejected can be queued for vetting again by hand (revet). A compliance alert is resolved once,
// from open.
import { describe, expect, it } from 'vitest';
import { carrierLifecycle, complianceAlertLifecycle } from '../../src/carriers/carriers.state.js';

const STATUSES = ['pending_vetting', 'active', 'rejected', 'suspended'] as const;
const ROWS = {
  pass_vetting: { from: ['pending_vetting'], to: 'active' },
  fail_vetting: { from: ['pending_vetting'], to: 'rejected' },
  suspend: { from: ['active'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'pending_vetting' },
  revet: { from: ['pending_vetting', 'rejected'], to: 'pending_vetting' },
} as const;
// The events the specification names for these moves, and carrier.rejected (a documented addition).
const EVENTS = { pass_vetting: 'carrier.vetted', fail_vetting: 'carrier.rejected', suspend: 'carrier.suspended' } as const;
type Action = keyof typeof ROWS;

describe('carrier lifecycle', () => {
  it('has exactly the design’s moves, leading where it says and firing the specification’s events', () => {
    const table = Object.fromEntries(Object.entries(carrierLifecycle.table).map(([a, t]) => [a, { from: t.from, to: t.to }]));
    expect(table).toEqual(ROWS);
    expect(carrierLifecycle.table.pass_vetting.event).toBe(EVENTS.pass_vetting);
    expect(carrierLifecycle.table.suspend.event).toBe(EVENTS.suspend);
    expect(carrierLifecycle.table.fail_vetting.event).toBe(EVENTS.fail_vetting);
  });
  it('audits a suspension, a reinstatement and a revet by a caller (the spec’s AuditAction)', () => {
    const audited = Object.fromEntries(Object.entries(carrierLifecycle.table).map(([a, t]) => [a, 'audit' in t ? t.audit : undefined]));
    expect(audited).toEqual({ pass_vetting: undefined, fail_vetting: undefined, suspend: 'carrier.suspended', reinstate: 'carrier.reinstated', revet: 'carrier.revetted' });
  });
  const cases = (Object.keys(ROWS) as Action[]).flatMap((a) => STATUSES.map((s) => [a, s, (ROWS[a].from as readonly string[]).includes(s)] as const));
  it.each(cases)('%s from %s: allowed %s', (action, status, allowed) => {
    expect(carrierLifecycle.allows(action, status)).toBe(allowed);
    if (!allowed) expect(() => carrierLifecycle.assert(action, status, 'car_1')).toThrow(/car_1/);
  });
  it('words its refusals', () => {
    expect(() => carrierLifecycle.assert('suspend', 'suspended', 'car_1')).toThrow('The carrier car_1 is already suspended.');
    expect(() => carrierLifecycle.assert('reinstate', 'active', 'car_1')).toThrow(
      'A carrier (car_1) in status active cannot be reinstated; allowed from suspended.',
    );
    expect(() => carrierLifecycle.assert('pass_vetting', 'rejected', 'car_1')).toThrow(
      'A carrier (car_1) in status rejected cannot be vetted; allowed from pending_vetting.',
    );
    expect(() => carrierLifecycle.assert('fail_vetting', 'active', 'car_1')).toThrow(
      'A carrier (car_1) in status active cannot be rejected; allowed from pending_vetting.',
    );
    expect(() => carrierLifecycle.assert('revet', 'active', 'car_1')).toThrow(
      'A carrier (car_1) in status active cannot be vetted again; allowed from pending_vetting or rejected.',
    );
  });
});

describe('compliance alert lifecycle', () => {
  it('resolves an open alert once', () => {
    expect(complianceAlertLifecycle.assert('resolve', 'open', 'cal_1')).toMatchObject({ to: 'resolved' });
    expect(() => complianceAlertLifecycle.assert('resolve', 'resolved', 'cal_1')).toThrow('The compliance alert cal_1 is already resolved.');
    expect(() => complianceAlertLifecycle.assert('resolve', 'dismissed')).toThrow(
      'A compliance alert in status dismissed cannot be resolved; allowed from open.',
    );
  });
});
