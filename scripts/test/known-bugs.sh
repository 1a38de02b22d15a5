#!/usr/bin/env bash
# The changes that once shipped unnoticed (each passed the whole suite), applied one at a time to a
# copy of the source: each must fail at least one fast unit test (test/unit/). Stryker does not
# change numbers, so this is what keeps the specification's numbers (delays, tolerance) pinned.
# Part of `npm run test:mutation`. Exit 1 when a change is not caught.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
# Inside the project, so the copy resolves node_modules from here. Two copies, each trying every
# other change, side by side (two cores; each try is mostly vitest starting up); results in list order.
work=.stryker-tmp/known-bugs
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
for copy in a b; do
  mkdir -p "$work/$copy/test"
  cp -r src generated scripts package.json tsconfig.json vitest.mutation.config.ts "$work/$copy"/
  cp -r test/unit test/support "$work/$copy/test/"
  mkdir -p "$work/$copy/dashboard" && cp -r dashboard/src "$work/$copy/dashboard/"
  mkdir -p "$work/$copy/specs" && cp -r specs/published "$work/$copy/specs/"
done

# The copy as it is must pass, or every change below would read as caught.
if ! (cd "$work/a" && vitest run -c vitest.mutation.config.ts >/dev/null 2>&1); then
  echo "known bugs: the unit tests fail on the unchanged copy"; exit 1
fi

# file | text | replacement | what it means
cat >"$work/list" <<'LIST'
src/webhooks/schedule.ts|5 * 60_000|10 * 60_000|retry delay 5 min -> 10 min
src/webhooks/schedule.ts|6 * 3_600_000|1 * 3_600_000|retry delay 6 h -> 1 h
src/webhooks/schedule.ts|[0, 30_000|[0, 3_000|retry delay 30 s -> 3 s
src/webhooks/signer.ts|DEFAULT_TOLERANCE_SECONDS = 300|DEFAULT_TOLERANCE_SECONDS = 1|signature tolerance 300 s -> 1 s
src/orders/orders.state.ts|cancel: { from: ['pending', 'dispatched']|cancel: { from: ['pending']|cancel no longer allowed from dispatched
src/orders/orders.state.ts|update: { from: ['pending']|update: { from: ['pending', 'in_transit']|update allowed while in_transit
src/orders/orders.state.ts|report_exception: { from: ['pending', 'dispatched', 'in_transit', 'delivered']|report_exception: { from: ['in_transit']|exceptions accepted only while in_transit
src/orders/vin.ts|S: 2,|S: 3,|VIN transliteration S 2 -> 3
src/orders/vin.ts|R: 9,|R: 8,|VIN transliteration R 9 -> 8
src/carriers/registry/checks.ts|FEDERAL_MINIMUM_BIPD_USD = 750_000|FEDERAL_MINIMUM_BIPD_USD = 75_000|federal BIPD minimum $750,000 -> $75,000
src/accounting/accounting.rules.ts|sign === 1 ? credit('unbilled_receivables', l.recognized, l.orderId)|sign === 1 ? credit('revenue', l.recognized, l.orderId)|invoice sent credits revenue again for a delivered load (recognized twice: once at delivery, once when invoiced)
src/accounting/accounting.rules.ts|const revenue = billed ?? order.price ?? 0;|const revenue = order.price ?? 0;|a prepaid load recognized at its price, not at what its invoice billed (deferred revenue left over)
src/mail/schedule.ts|[10_000, 60_000, 300_000|[10_000, 60_000, 30_000|mail retry delay 5 min -> 30 s
src/accounting/accounting.rules.ts|if (amount > remaining)|if (amount > invoice.subtotal)|overpayment allowed (checked against the subtotal, not what remains)
src/accounting/accounting.rules.ts|settles: amount === remaining|settles: amount === invoice.subtotal|invoice not PAID when partial payments bring amount_remaining to 0
src/http/idempotency.rules.ts|IDEMPOTENCY_LEASE_MS = 60_000|IDEMPOTENCY_LEASE_MS = 1|idempotency claim lease 60 s -> 1 ms (a running request's key taken over)
src/http/idempotency.rules.ts|IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000|IDEMPOTENCY_TTL_MS = 1 * 3600 * 1000|idempotency keys kept 24 h -> 1 h
src/http/idempotency.rules.ts|return status !== 400 && status < 500;|return status < 500;|idempotency stores 400 answers (a fixed request replays its old 400)
src/http/authenticate.rules.ts|new Set(['GET', 'HEAD', 'OPTIONS'])|new Set(['GET', 'HEAD', 'OPTIONS', 'POST'])|session POST accepted without its CSRF token
src/http/authenticate.rules.ts|/^Bearer\s+(\S+)\s*$/i|/^Bearer\s+(\S+)\s*$/|Authorization scheme read case-sensitively (bearer <key> refused)
src/webhooks/transport.ts|const KEPT_BODY_BYTES = 1024;|const KEPT_BODY_BYTES = 64 * 1024;|delivery log keeps 64 KiB of a response body instead of 1 KiB
src/webhooks/transport.ts|body, signal: deadline });|body });|no overall delivery deadline (a trickling receiver holds a delivery past 10 s)
src/http/rate-limit.ts|(p.capacity - tokens) / p.perMs|p.perMs / (p.capacity - tokens)|X-RateLimit-Reset formula inverted
src/http/rate-limit.ts|(1 - tokens) / p.perMs|p.perMs / (1 - tokens)|Retry-After formula inverted
src/shared/errors.ts|`Too many requests; retry after ${retryAfter} second(s).`|''|rate-limit error message emptied
src/http/rate-limit.step.ts|const at = a.max(s.at, p.now);|const at = p.now;|bucket's monotonic time guard removed (a take stamped earlier refills it again)
src/http/rate-limit.ts|perMs: policy.perMinute / 60_000|perMs: policy.perMinute / 6_000|sustained rate read per 6 s instead of per minute
src/http/rate-limit.ts|(policy.windowSeconds ?? 10) * 1000|(policy.windowSeconds ?? 1) * 1000|burst window 10 s -> 1 s
src/webhooks/worker.ts|leaseMs: options.leaseMs ?? 60_000|leaseMs: options.leaseMs ?? 1|delivery lease 60 s -> 1 ms
src/webhooks/retention.ts|EVENT_RETENTION_MS = 30 * DAY_MS|EVENT_RETENTION_MS = 1 * DAY_MS|event retention 30 days -> 1 day
src/webhooks/worker.ts|const concurrency = options.concurrency ?? 64;|const concurrency = options.concurrency ?? 1;|default worker concurrency 64 -> 1
LIST

# Tries the changes of lines `first`, first+2, ... in copy `copy`; one result line per change, numbered.
try_changes() { # copy first
  local dir="$work/$1" n=0
  while IFS='|' read -r file from to label; do
    n=$((n + 1))
    { [ -z "$file" ] || [ $(((n - $2) % 2)) -ne 0 ]; } && continue
    cp "$dir/$file" "$dir/$file.orig"
    if ! node -e 'const fs=require("fs");const [p,a,b]=process.argv.slice(1);const s=fs.readFileSync(p,"utf8");if(!s.includes(a))process.exit(2);fs.writeFileSync(p,s.replace(a,b))' "$dir/$file" "$from" "$to"; then
      echo "$n NOT APPLIED (the source changed: update scripts/test/known-bugs.sh): $label"; continue
    fi
    # Only the unit tests that import the changed file (directly or not): a bug must fail one of them
    # (the first failure settles it: --bail).
    if (cd "$dir" && vitest related "$file" --run --bail 1 --passWithNoTests -c vitest.mutation.config.ts >/dev/null 2>&1); then
      echo "$n MISSED: $label"
    else
      echo "$n caught: $label"
    fi
    mv "$dir/$file.orig" "$dir/$file"
  done <"$work/list"
}
try_changes a 1 >"$work/a.out" &
try_changes b 2 >"$work/b.out" &
wait
sort -n "$work/a.out" "$work/b.out" | cut -d' ' -f2-
missed=$(cat "$work/a.out" "$work/b.out" | grep -cE '^[0-9]+ (MISSED|NOT APPLIED)')
echo "known bugs: $missed not caught"
exit $((missed > 0))
