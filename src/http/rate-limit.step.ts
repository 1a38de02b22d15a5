// The rate limit's arithmetic, written once: one bucket's state of constant size (seven numbers,
// whatever the limit) and the step that takes (or only looks at) a request. The step is written
// against an `Arith` (numbers and booleans of some language), and interpreted three ways:
//   - `numbers`: plain JavaScript, for the in-memory store and for every answer's headers;
//   - `plpgsql`: the body of the `rate_limit_step` database function (its migration holds the text
//     this emits; a unit test fails when they differ);
//   - `lua`: the body of the Redis script (rate-limit.redis.ts, tested against a Redis server).
// All three compute with IEEE doubles and the same operations in the same order, so every store
// answers exactly what the JavaScript answers (the unit tests compare them bit for bit).
//
// The policy (API-DESIGN, "Rate limits"): a token bucket of `capacity` refilled at `perMs`, and no
// `window` (10 s) holding more than `limit` accepted requests, each rule two numbers:
// - the bucket: its tokens, and the time they were counted;
// - the window: the accepted requests since it started (`count`, all of them inside any window
//   ending now). A window starts at the first request after the one before it ended.
// A request is refused only when the exact rule (a log of every accepted request) refuses it too: no
// whole token, or `limit` accepted since a start less than a window ago. What the window cannot see
// are the requests of the window before; the bucket bounds them: no 10 s holds more than `limit`
// plus what the bucket refills in 10 s (216 at 200 and 100 a minute), and then only when requests
// were spread over the window before. A burst followed by a pause, the usual shape, is answered
// exactly as the log would: a fresh key's 200 at once are all it gets for 10 s.

/** What a language offers the step: numbers `N` and booleans `B`. */
export interface Arith<N, B> {
  num(value: number): N;
  add(a: N, b: N): N;
  sub(a: N, b: N): N;
  mul(a: N, b: N): N;
  max(a: N, b: N): N;
  min(a: N, b: N): N;
  ge(a: N, b: N): B;
  lt(a: N, b: N): B;
  and(a: B, b: B): B;
  /** `then` when `cond` holds, else `otherwise`. */
  pick(cond: B, then: N, otherwise: N): N;
}

/** One bucket: the token bucket and the window. Times are ms since the epoch. */
export interface BucketState<N = number> {
  tokens: N;
  /** When `tokens` was counted (the latest time a take saw). */
  at: N;
  windowStart: N;
  /** Accepted since `windowStart`. */
  count: N;
}

/** The fields of a state, in the order every store keeps and passes them. */
export const STATE_FIELDS = ['tokens', 'at', 'windowStart', 'count'] as const satisfies readonly (keyof BucketState)[];

/** The inputs of a step besides the state. */
export interface StepInput<N, B> {
  /** No state is stored yet: the bucket is full and the windows empty. */
  fresh: B;
  now: N;
  capacity: N;
  /** Tokens refilled per ms. */
  perMs: N;
  /** The window's length in ms. */
  window: N;
  /** Accepted requests one window may hold. */
  limit: N;
  /** Take a token when allowed (a peek only looks). */
  take: B;
}

/** The step: whether a request is allowed now, and the state after it (taken from when `take`). */
export function step<N, B>(a: Arith<N, B>, stored: BucketState<N>, p: StepInput<N, B>): { allowed: B; state: BucketState<N> } {
  const zero = a.num(0);
  const one = a.num(1);
  // A fresh bucket: full, and its window empty.
  const fresh = { tokens: p.capacity, at: p.now, windowStart: p.now, count: zero };
  const s = Object.fromEntries(STATE_FIELDS.map((f) => [f, a.pick(p.fresh, fresh[f], stored[f])])) as unknown as BucketState<N>;

  // The bucket refills for the time since it was counted (none for a take stamped earlier).
  const tokens = a.min(p.capacity, a.add(s.tokens, a.mul(a.max(zero, a.sub(p.now, s.at)), p.perMs)));
  const at = a.max(s.at, p.now);

  // A window ends `window` after it started; the next starts with the first request after that.
  const ended = a.ge(p.now, a.add(s.windowStart, p.window));
  const count = a.pick(ended, zero, s.count);
  const windowStart = a.pick(ended, p.now, s.windowStart);

  const allowed = a.and(a.ge(tokens, one), a.lt(count, p.limit));
  const taken = a.and(p.take, allowed);
  return {
    allowed,
    state: { tokens: a.pick(taken, a.sub(tokens, one), tokens), at, windowStart, count: a.pick(taken, a.add(count, one), count) },
  };
}

/** JavaScript's numbers. */
export const numbers: Arith<number, boolean> = {
  num: (v) => v,
  add: (x, y) => x + y,
  sub: (x, y) => x - y,
  mul: (x, y) => x * y,
  max: (x, y) => Math.max(x, y),
  min: (x, y) => Math.min(x, y),
  ge: (x, y) => x >= y,
  lt: (x, y) => x < y,
  and: (x, y) => x && y,
  pick: (c, x, y) => (c ? x : y),
};

/** The policy's numbers for a step. */
export interface StepPolicy {
  capacity: number;
  perMs: number;
  window: number;
  limit: number;
}

// Stryker disable next-line ObjectLiteral: equivalent, a fresh bucket's values are picked, never these
const NO_STATE: BucketState = { tokens: 0, at: 0, windowStart: 0, count: 0 };

/** The step in JavaScript: `stored` undefined for a bucket not yet created. */
export function stepNow(stored: BucketState | undefined, policy: StepPolicy, now: number, take: boolean) {
  return step(numbers, stored ?? NO_STATE, { ...policy, fresh: stored === undefined, now, take });
}

/** One operation of a program, on the names of earlier values (or literals). */
export type Operation = Exclude<keyof Arith<string, string>, 'num'>;
const BOOLEAN_OPERATIONS: ReadonlySet<Operation> = new Set(['ge', 'lt', 'and']);

/**
 * The step as a list of assignments in a language: each operation becomes a new variable `v<n>`
 * holding its value (so nothing is computed twice), written by `line`.
 */
export function program(num: (value: number) => string, line: (name: string, op: Operation, args: string[]) => string, input: StepInput<string, string>) {
  const lines: string[] = [];
  /** Whether each variable holds a boolean (else a number). */
  const booleans: boolean[] = [];
  const bind = (op: Operation) => (...args: string[]) => {
    booleans.push(BOOLEAN_OPERATIONS.has(op));
    const name = `v${booleans.length}`;
    lines.push(line(name, op, args));
    return name;
  };
  const arith: Arith<string, string> = {
    num,
    add: bind('add'),
    sub: bind('sub'),
    mul: bind('mul'),
    max: bind('max'),
    min: bind('min'),
    ge: bind('ge'),
    lt: bind('lt'),
    and: bind('and'),
    pick: bind('pick'),
  };
  const out = step(arith, STORED, input);
  return { lines, booleans, out };
}

/** The names a program's inputs go by: the stored state `s_<field>`, the step's inputs by their own names. */
export const snake = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const STORED = Object.fromEntries(STATE_FIELDS.map((f) => [f, `s_${snake(f)}`])) as unknown as BucketState<string>;

/** The operators both languages write infix. */
export const INFIX: Partial<Record<Operation, string>> = { add: '+', sub: '-', mul: '*', ge: '>=', lt: '<', and: 'and' };
/** PostgreSQL's names of the functions. */
const SQL_FUNCTIONS: Partial<Record<Operation, string>> = { max: 'greatest', min: 'least' };

/** The `rate_limit_step` database function: the step in PL/pgSQL, as its migration creates it. */
export function plpgsqlFunction(): string {
  const { lines, booleans, out } = program(
    (v) => `${v}::float8`,
    (name, op, [x, y, z]) => {
      const infix = INFIX[op];
      const e = infix ? `${x} ${infix} ${y}` : op === 'pick' ? `case when ${x} then ${y} else ${z} end` : `${SQL_FUNCTIONS[op]}(${x}, ${y})`;
      return `  ${name} := ${e};`;
    },
    { fresh: 's_at is null', now: 'p_now', capacity: 'p_capacity', perMs: 'p_per_ms', window: 'p_window', limit: 'p_limit', take: 'p_take' },
  );
  const declare = booleans.map((b, i) => `  v${i + 1} ${b ? 'boolean' : 'float8'};`);
  const results = [...STATE_FIELDS.map((f) => `  ${snake(f)} := ${out.state[f]};`), `  allowed := ${out.allowed};`];
  const stored = STATE_FIELDS.map((f) => `s_${snake(f)} float8`).join(', ');
  const outs = STATE_FIELDS.map((f) => `out ${snake(f)} float8`).join(', ');
  return `create or replace function rate_limit_step(${stored},
  p_now float8, p_capacity float8, p_per_ms float8, p_window float8, p_limit float8, p_take boolean,
  ${outs}, out allowed boolean)
language plpgsql immutable parallel safe as $$
declare
${declare.join('\n')}
begin
${[...lines, ...results].join('\n')}
end
$$`;
}
