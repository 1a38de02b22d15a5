#!/usr/bin/env bash
# npm run test:mutation: Stryker over the core modules (stryker.config.mjs), incrementally against the
# committed test/mutation/stryker-incremental.json; the changes that once shipped unnoticed
# (scripts/known-bugs.sh); then each module's score and the 90% gate (scripts/mutation-summary.ts). Arguments go to the summary (`--results <file>` for scripts/test.sh).
# `MUTATE=all` also mutates the pending modules; `--force` as STRYKER_ARGS re-runs every mutant.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
started=$SECONDS
rm -f reports/mutation/mutation.json
# shellcheck disable=SC2086
stryker run ${STRYKER_ARGS:-}; rc=$?
echo "stryker: $(( SECONDS - started )) s"
bash scripts/known-bugs.sh; known=$?
node --import tsx scripts/mutation-summary.ts --stryker-exit "$rc" --known-bugs-exit "$known" "$@"
