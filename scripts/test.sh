#!/usr/bin/env bash
# npm test: spec lint, type check, generated files fresh (inside vitest), unit and integration tests
# (embedded PostgreSQL, plus real PostgreSQL when TEST_DATABASE_URL is set), then Schemathesis
# against the live server.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
node -e 'if (!process.version.startsWith("v24.")) { console.error(`Node 24 expected, got ${process.version}: run npm install first`); process.exit(1) }'

step() { printf '\n== %s\n' "$*"; }
step "lint specs";        node --import tsx scripts/lint-specs.ts
step "type check";        tsc --noEmit -p .
step "vitest ($( [ -n "${TEST_DATABASE_URL:-}" ] && echo 'PGlite + PostgreSQL' || echo 'PGlite' ))"
vitest run
step "contract tests (Schemathesis)"
bash contract-tests/run.sh
