import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';

type S = components['schemas'];

/** A test clock (test mode): the time its objects live on, moved only by advancing it. */
export const TestClock = defineEntity({
  name: 'TestClock',
  tableName: 'test_clocks',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    name: p.string().nullable(),
    /** The clock's time (while advancing, how far the advance has got). */
    frozenTime: p.datetime(),
    status: p.string().$type<S['TestClockStatus']>(),
    /** Where the advance under way goes; null when none is. */
    advancingTo: p.datetime().nullable(),
    /** The last midnight (UTC) whose work is done on the clock (the next one is due a day later). */
    midnightDoneAt: p.datetime(),
    /** The run of an advance under way, and until when it holds the clock. */
    runner: p.string().nullable(),
    runnerUntil: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type TestClock = InferEntity<typeof TestClock>;
