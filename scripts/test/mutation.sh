#!/usr/bin/env bash
# npm run test:mutation: Stryker over the core modules (stryker.config.mjs), incrementally against the
# committed test/mutation/stryker-incremental.json; the changes that once shipped unnoticed
# (scripts/test/known-bugs.sh); then each module's score and the 90% gate (scripts/test/mutation-summary.ts). Arguments go to the summary (`--results <file>` for scripts/test/all.sh).
# `MUTATE=all` also mutates the pending modules; `--force` as STRYKER_ARGS re-runs every mutant.
# Stryker works on a copy of the committed record (reports/mutation/stryker-incremental.json), so a
# run leaves the checkout clean; `--record` (first argument) writes the new result back to
# test/mutation/stryker-incremental.json, to commit with the change that moved it.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
record=0
if [ "${1:-}" = "--record" ]; then record=1; shift; fi
started=$SECONDS
rm -f reports/mutation/mutation.json
mkdir -p reports/mutation
cp test/mutation/stryker-incremental.json reports/mutation/stryker-incremental.json
# shellcheck disable=SC2086
stryker run ${STRYKER_ARGS:-}; rc=$?
if [ "$record" -eq 1 ] && [ "$rc" -eq 0 ]; then cp reports/mutation/stryker-incremental.json test/mutation/stryker-incremental.json; fi
echo "stryker: $(( SECONDS - started )) s"
bash scripts/test/known-bugs.sh; known=$?
node --import tsx scripts/test/mutation-summary.ts --stryker-exit "$rc" --known-bugs-exit "$known" "$@"
