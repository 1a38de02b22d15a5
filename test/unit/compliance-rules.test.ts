// The compliance scan's rules (API-DESIGN, "Compliance alert"): a lapsed insurance certificate, bond or
// process-agent filing each raises an alert; a lapsed insurance certificate also suspends an active
// carrier. A filing is valid through its expiry date (UTC): it has lapsed only on a later day.
import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  COMPLIANCE_ITEMS,
  lapsedCandidatesWhere,
  lapses,
  SCANNED_STATUSES,
  suspendsCarrier,
  suspensionReason,
} from '../../src/carriers/compliance.rules.js';

const none = { insuranceExpiresOn: null, bondExpiresOn: null, processAgentExpiresOn: null };
const kinds = (carrier: Parameters<typeof lapses>[0], day: string) => lapses(carrier, day).map((l) => [l.item.kind, l.expiredOn]);

describe('compliance items', () => {
  it('are the insurance certificate (which suspends), the bond and the process agent', () => {
    expect(COMPLIANCE_ITEMS).toEqual([
      { kind: 'insurance_certificate', field: 'insuranceExpiresOn', suspends: true },
      { kind: 'bond', field: 'bondExpiresOn', suspends: false },
      { kind: 'process_agent', field: 'processAgentExpiresOn', suspends: false },
    ]);
  });
  it('are watched on active and suspended carriers', () => {
    expect(SCANNED_STATUSES).toEqual(['active', 'suspended']);
  });
});

describe('calendarDay', () => {
  it('is the UTC date', () => {
    expect(calendarDay(new Date('2026-03-10T23:59:59.999Z'))).toBe('2026-03-10');
    expect(calendarDay(new Date('2026-03-11T00:00:00.000Z'))).toBe('2026-03-11');
  });
});

describe('lapsedCandidatesWhere', () => {
  it('finds scanned carriers with any watched date before the day', () => {
    expect(lapsedCandidatesWhere('2026-03-10')).toEqual({
      status: { $in: ['active', 'suspended'] },
      $or: [
        { insuranceExpiresOn: { $lt: '2026-03-10' } },
        { bondExpiresOn: { $lt: '2026-03-10' } },
        { processAgentExpiresOn: { $lt: '2026-03-10' } },
      ],
    });
  });
});

describe('lapses', () => {
  it('finds none without dates', () => {
    expect(lapses(none, '2026-03-10')).toEqual([]);
    expect(lapses({ insuranceExpiresOn: undefined, bondExpiresOn: '', processAgentExpiresOn: null }, '2026-03-10')).toEqual([]);
  });
  it('counts a filing as valid through its expiry date', () => {
    expect(kinds({ ...none, insuranceExpiresOn: '2026-03-10' }, '2026-03-10')).toEqual([]);
    expect(kinds({ ...none, insuranceExpiresOn: '2026-03-11' }, '2026-03-10')).toEqual([]);
    expect(kinds({ ...none, insuranceExpiresOn: '2026-03-09' }, '2026-03-10')).toEqual([['insurance_certificate', '2026-03-09']]);
  });
  it('finds each lapsed filing, in the items’ order', () => {
    expect(kinds({ ...none, bondExpiresOn: '2026-01-01' }, '2026-03-10')).toEqual([['bond', '2026-01-01']]);
    expect(kinds({ ...none, processAgentExpiresOn: '2026-03-09' }, '2026-03-10')).toEqual([['process_agent', '2026-03-09']]);
    expect(
      kinds({ insuranceExpiresOn: '2026-02-01', bondExpiresOn: '2026-03-20', processAgentExpiresOn: '2025-12-31' }, '2026-03-10'),
    ).toEqual([
      ['insurance_certificate', '2026-02-01'],
      ['process_agent', '2025-12-31'],
    ]);
    expect(lapses({ ...none, bondExpiresOn: '2026-01-01' }, '2026-03-10')[0]?.item).toBe(COMPLIANCE_ITEMS[1]);
  });
});

describe('suspension', () => {
  const [insurance, bond, agent] = COMPLIANCE_ITEMS as [never, never, never];
  it('follows a lapsed insurance certificate on an active carrier only', () => {
    expect(suspendsCarrier(insurance, 'active')).toBe(true);
    expect(suspendsCarrier(insurance, 'suspended')).toBe(false);
    expect(suspendsCarrier(bond, 'active')).toBe(false);
    expect(suspendsCarrier(agent, 'active')).toBe(false);
  });
  it('records why', () => {
    expect(suspensionReason({ item: insurance, expiredOn: '2026-02-01' })).toBe('insurance certificate lapsed on 2026-02-01');
    expect(suspensionReason({ item: agent, expiredOn: '2025-12-31' })).toBe('process agent lapsed on 2025-12-31');
  });
});
