#!/usr/bin/env bash
# npm test: spec lint, type check, breaking changes against the published API version, generated
# files fresh (inside vitest), unit and integration tests
# (embedded PostgreSQL, plus real PostgreSQL when TEST_DATABASE_URL is set), the specification's
# conformance suite (contract-tests/conformance: one test per statement, on a live server on each
# database, and its table), mutation testing of the core modules (incremental;
# scripts/test/mutation.sh), then Schemathesis against the live server, and once more as an
# integrator runs it (the key alone). Every step runs even when an earlier one failed; each records
# what it counted in reports/results/, and the last line is the total: `<N> passed, <N> failed, <N> skipped`.
# The exit code is non-zero when anything failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
node -e 'if (!process.version.startsWith("v24.")) { console.error(`Node 24 expected, got ${process.version}: run npm install first`); process.exit(1) }' || exit 1

RESULTS=reports/results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
started=$SECONDS
# What git says of the checkout now: the run must leave it as it found it (nothing written outside
# the ignored reports/, data and build folders).
checkout_before=$(git status --porcelain 2>/dev/null || true)

step() { printf '\n== %s\n' "$*"; }
# A step that is one check: it passed or it failed.
record_one() { # name exit-code
  if [ "$2" -eq 0 ]; then echo "{\"suite\":\"$1\",\"passed\":1,\"failed\":0,\"skipped\":0}"; else echo "{\"suite\":\"$1\",\"passed\":0,\"failed\":1,\"skipped\":0}"; fi >"$RESULTS/$1.json"
}

step "lint specs"
node --import tsx scripts/spec/lint.ts; record_one "spec lint" $?

step "type check (server, tests, scripts; dashboard)"
tsc --noEmit -p . && tsc --noEmit -p dashboard; record_one "type check" $?

# The browser tests need the system Chromium; without it they are skipped (never in CI, where they fail).
browser_skip=""
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  browser_skip="BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium} (apt-get install -y chromium)"
  printf '\n%s\n!! %s\n%s\n' "$(printf '!%.0s' {1..78})" "$browser_skip" "$(printf '!%.0s' {1..78})"
fi

step "breaking changes (OpenAPI document against the published version)"
node --import tsx scripts/spec/api-versions.ts check; record_one "breaking changes" $?

step "vitest ($( [ -n "${TEST_DATABASE_URL:-}" ] && echo 'PGlite + PostgreSQL' || echo 'PGlite' ))"
rm -f reports/vitest.json
# Every answer the harness sees is validated against its version's OpenAPI document, and every
# webhook delivery a test receiver gets against its version's AsyncAPI document; each test
# process writes its counts here (test/support/contract-check.ts), summed in the summary.
rm -rf reports/contract-check
vitest run --exclude 'contract-tests/conformance/**'; rc=$?
node --import tsx scripts/test/summary.ts --vitest reports/vitest.json "$rc" >"$RESULTS/vitest.json"

step "specification conformance ($( [ -n "${TEST_DATABASE_URL:-}" ] && echo 'PGlite + PostgreSQL' || echo 'PGlite' ); table: contract-tests/conformance/STATEMENTS.md)"
rm -f reports/conformance.json
vitest run contract-tests/conformance --reporter=default --reporter=json --outputFile.json=reports/conformance.json; rc=$?
node --import tsx scripts/test/summary.ts --vitest reports/conformance.json "$rc" conformance >"$RESULTS/conformance.json"

# Incremental against the committed test/mutation/stryker-incremental.json: only mutants whose code or
# tests changed run again (well under a minute when none did). One check per gated core module.
step "mutation testing (core modules, gate 90%)"
bash scripts/test/mutation.sh --results "$RESULTS/mutation.json" >reports/mutation.log 2>&1; rc=$?
sed -n '/^stryker: /,$p' reports/mutation.log
[ "$rc" -ne 0 ] && grep -E -A4 '^\[(Survived|NoCoverage)\]' reports/mutation.log | head -60
[ -f "$RESULTS/mutation.json" ] || record_one "mutation" 1

# Schemathesis twice, side by side (each is one request at a time, the fuzzer and the server taking
# turns: about one core each): with this project's settings, and as an integrator runs it, with the
# key and nothing else of this project: it may find only the rules the document lists as the ones no
# schema can state (contract-tests/integrator-check.ts). Each on a server and database of its own.
step "contract tests (Schemathesis), and as an integrator (the key alone, seed 4242), side by side"
CONTRACT_SETUP_ONLY=1 bash contract-tests/run.sh
CONTRACT_SWEEP_RESULTS="$PWD/$RESULTS/contract-sweep.json" bash contract-tests/run.sh >reports/schemathesis.log 2>&1 &
main_run=$!
CONTRACT_CONFIG=contract-tests/integrator.toml CONTRACT_JUNIT="$PWD/reports/schemathesis-integrator.xml" \
  CONTRACT_SERVER_LOG="$PWD/reports/server-integrator.log" \
  bash contract-tests/run.sh --seed 4242 --max-examples 12 >reports/schemathesis-integrator.log 2>&1 &
integrator_run=$!
wait "$main_run"; rc=$?
wait "$integrator_run"
cat reports/schemathesis.log
node --import tsx scripts/test/summary.ts --schemathesis reports/schemathesis.log "$rc" >"$RESULTS/schemathesis.json"

step "contract tests as an integrator (Schemathesis with the key alone, seed 4242)"
grep -E '^(Seed|Test cases)|generated,|^=+ .* in [0-9.]+s' reports/schemathesis-integrator.log
node --import tsx contract-tests/integrator-check.ts reports/schemathesis-integrator.xml "$RESULTS/schemathesis-integrator.json"

step "the checkout as the run found it (git status)"
checkout_after=$(git status --porcelain 2>/dev/null || true)
if [ "$checkout_before" = "$checkout_after" ]; then echo "unchanged"; record_one "clean checkout" 0; else
  echo "the run changed the checkout:"; diff <(echo "$checkout_before") <(echo "$checkout_after"); record_one "clean checkout" 1; fi

step "summary ($(( SECONDS - started )) s)"
[ -n "$browser_skip" ] && printf '!! %s\n' "$browser_skip"
node --import tsx scripts/test/summary.ts --contract-check reports/contract-check
node --import tsx scripts/test/summary.ts --failures reports/vitest.json reports/conformance.json
node --import tsx scripts/test/summary.ts --total "$RESULTS"
