// API versions (API-DESIGN, "Versions"): 2026-07-01 (current) renamed the order's stops to pickup and
// delivery; a key pinned to 2026-01-15 gets them as origin and destination, in every resource of a
// body (lists, nested objects), while an event keeps the version it was rendered for.
import { describe, expect, it } from 'vitest';
import { CURRENT_VERSION, isSupportedVersion, renderForVersion, SUPPORTED_VERSIONS, VERSIONS } from '../../src/shared/versions.js';

const order = (id: string) => ({ id, object: 'order', pickup: { city: 'Austin' }, delivery: { city: 'Denver' }, status: 'pending' });
const old = (id: string) => ({ id, object: 'order', origin: { city: 'Austin' }, destination: { city: 'Denver' }, status: 'pending' });

describe('supported versions', () => {
  it('are 2026-07-01 (current) and 2026-01-15, newest first', () => {
    expect(SUPPORTED_VERSIONS).toEqual(['2026-07-01', '2026-01-15']);
    expect(CURRENT_VERSION).toBe('2026-07-01');
    expect(VERSIONS.map((v) => v.version)).toEqual(['2026-07-01', '2026-01-15']);
  });
  it('are recognised, and nothing else', () => {
    expect(isSupportedVersion('2026-07-01')).toBe(true);
    expect(isSupportedVersion('2026-01-15')).toBe(true);
    expect(isSupportedVersion('2025-01-01')).toBe(false);
    expect(isSupportedVersion('')).toBe(false);
  });
});

describe('renderForVersion', () => {
  it('leaves the current version’s body as it is', () => {
    const body = order('ord_1');
    expect(renderForVersion(body, '2026-07-01')).toBe(body);
  });
  it('leaves a body for an unknown version as it is', () => {
    const body = order('ord_1');
    expect(renderForVersion(body, '2020-01-01')).toBe(body);
    expect(renderForVersion(body, '')).toBe(body);
  });
  it('names an order’s stops origin and destination for 2026-01-15, keeping the order of fields', () => {
    const out = renderForVersion(order('ord_1'), '2026-01-15');
    expect(out).toEqual(old('ord_1'));
    expect(Object.keys(out)).toEqual(['id', 'object', 'origin', 'destination', 'status']);
  });
  it('renames in every order of a list', () => {
    const page = { object: 'list', data: [order('ord_1'), order('ord_2')], has_more: false, url: '/v1/orders' };
    expect(renderForVersion(page, '2026-01-15')).toEqual({ object: 'list', data: [old('ord_1'), old('ord_2')], has_more: false, url: '/v1/orders' });
  });
  it('renames in an order nested in another resource or in a plain object', () => {
    const body = { object: 'invoice', id: 'inv_1', lines: [{ order: order('ord_1') }], meta: { order: order('ord_2') } };
    expect(renderForVersion(body, '2026-01-15')).toEqual({ object: 'invoice', id: 'inv_1', lines: [{ order: old('ord_1') }], meta: { order: old('ord_2') } });
  });
  it('leaves other resources, plain values and null alone', () => {
    const carrier = { object: 'carrier', id: 'car_1', pickup: 'kept', delivery: 'kept', note: null, count: 3, tags: ['a', 'b'] };
    expect(renderForVersion(carrier, '2026-01-15')).toEqual(carrier);
    expect(renderForVersion({ pickup: 1, delivery: 2 }, '2026-01-15')).toEqual({ pickup: 1, delivery: 2 });
    expect(renderForVersion({ object: ['order'], pickup: 1 }, '2026-01-15')).toEqual({ object: ['order'], pickup: 1 });
    expect(renderForVersion(null, '2026-01-15')).toBeNull();
    expect(renderForVersion('order', '2026-01-15')).toBe('order');
    expect(renderForVersion(7, '2026-01-15')).toBe(7);
    expect(renderForVersion([order('ord_1'), null, 'x'], '2026-01-15')).toEqual([old('ord_1'), null, 'x']);
  });
  it('leaves an event as it is, with the order inside it (it was rendered for its own version)', () => {
    const event = { object: 'event', id: 'evt_1', api_version: '2026-07-01', data: { object: order('ord_1') } };
    expect(renderForVersion(event, '2026-01-15')).toEqual(event);
    const page = { object: 'list', data: [event] };
    expect(renderForVersion(page, '2026-01-15')).toEqual(page);
  });
  it('does not change the body it was given', () => {
    const body = order('ord_1');
    renderForVersion(body, '2026-01-15');
    expect(body).toEqual(order('ord_1'));
  });
});
