#!/usr/bin/env bash
# Contract tests: starts the API on a fresh embedded database and runs
# Schemathesis 4 (all phases, all checks) against the OpenAPI document it serves.
# Usage: bash contract-tests/run.sh [extra `schemathesis run` options]
# Environment: CONTRACT_MAX_EXAMPLES (fuzzing cases per operation / stateful scenarios),
#              CONTRACT_TIMEOUT (seconds before the Schemathesis run is aborted, default 1200),
#              PYTHON (interpreter used to create the venv, default python3),
#              CONTRACT_CONFIG (another Schemathesis config file: a run as an integrator makes it, with
#              none of this project's settings, takes one that only sends the key and sets no hooks:
#              contract-tests/integrator.toml),
#              CONTRACT_JUNIT (where the JUnit report goes, default contract-tests/reports/junit.xml),
#              CONTRACT_SERVER_LOG (where the server's log goes, default contract-tests/reports/server.log),
#              CONTRACT_SETUP_ONLY=1 (make the Python venv, then stop: before runs side by side),
#              CONTRACT_SWEEP_RESULTS (where the sweep writes its counts for the summary of `npm test`).
# Exit code: Schemathesis's own (non-zero on any failure), 1 if the sweep found an answer outside its
#            version's document (contract-tests/sweep.ts), or 1 if setup or seeding fails.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
VENV="$HERE/.venv"
REQUIREMENTS="$HERE/requirements.txt"
CONFIG="${CONTRACT_CONFIG:-$HERE/schemathesis.toml}"
REPORTS="$HERE/reports"
SERVER_LOG="${CONTRACT_SERVER_LOG:-$REPORTS/server.log}"
JUNIT="${CONTRACT_JUNIT:-$REPORTS/junit.xml}"
PYTHON="${PYTHON:-python3}"
READY_TIMEOUT=60

log() { printf '[contract-tests] %s\n' "$*" >&2; }
show_server_log() {
  printf -- '----- server log (%s) -----\n' "${SERVER_LOG#"$ROOT"/}" >&2
  cat "$SERVER_LOG" >&2 || true
  printf -- '----- end of server log -----\n' >&2
}
die() { log "ERROR: $*"; exit 1; }

cd "$ROOT"
# Prefer the Node version pinned in node_modules (the `node` dev dependency).
if [ -x "$ROOT/node_modules/.bin/node" ]; then
  export PATH="$ROOT/node_modules/.bin:$PATH"
fi
command -v node >/dev/null || die "node not found"
command -v "$PYTHON" >/dev/null || die "$PYTHON not found"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || die "Schemathesis 4 needs Python 3.11+ ($PYTHON is $("$PYTHON" --version 2>&1))"

# ---------------------------------------------------------------- Python venv
# Rebuilt when missing, broken, or when requirements.txt / the interpreter change.
want_hash="$( { cat "$REQUIREMENTS"; "$PYTHON" --version 2>&1; } | sha256sum | cut -d' ' -f1)"
hash_file="$VENV/.requirements.sha256"
if ! "$VENV/bin/schemathesis" --version >/dev/null 2>&1 || [ ! -f "$hash_file" ] \
  || [ "$(cat "$hash_file")" != "$want_hash" ] || ! "$VENV/bin/python" -c '' 2>/dev/null; then
  log "creating Python venv in ${VENV#"$ROOT"/} ..."
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  pip_log="$(mktemp)"
  if ! "$VENV/bin/python" -m pip install --disable-pip-version-check -r "$REQUIREMENTS" >"$pip_log" 2>&1; then
    cat "$pip_log" >&2
    rm -rf "$VENV" "$pip_log"
    die "pip install -r ${REQUIREMENTS#"$ROOT"/} failed (output above)"
  fi
  rm -f "$pip_log"
  printf '%s\n' "$want_hash" >"$hash_file"
fi
log "$("$VENV/bin/schemathesis" --version)"
[ "${CONTRACT_SETUP_ONLY:-}" = 1 ] && exit 0

# ---------------------------------------------------------------- server
DATA_DIR_TMP="$(mktemp -d)"
SERVER_PID=""
ST_PID=""
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [ -n "$ST_PID" ]; then
    kill "$ST_PID" 2>/dev/null || true
    wait "$ST_PID" 2>/dev/null || true
  fi
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$SERVER_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$DATA_DIR_TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$REPORTS"
rm -f "$JUNIT" "$SERVER_LOG"

log "creating an API key on a fresh database ..."
key_err="$DATA_DIR_TMP/keys.stderr"
if ! key_out="$(DATA_DIR="$DATA_DIR_TMP" npm run --silent keys -- create --account contract --scopes all 2>"$key_err")"; then
  printf '%s\n' "$key_out" >&2
  cat "$key_err" >&2
  die "'npm run keys -- create' failed"
fi
API_KEY="$(printf '%s\n' "$key_out" | grep -E '^sk_(live_|test_)?[A-Za-z0-9]+$' | tail -n 1 || true)"
if [ -z "$API_KEY" ]; then
  printf '%s\n' "$key_out" >&2
  cat "$key_err" >&2
  die "no line matching ^sk_live_[A-Za-z0-9]+\$ in the output of 'npm run keys -- create'"
fi
# A test key of the same account, for the operations of test mode only (test clocks; hooks.py).
if ! test_key_out="$(DATA_DIR="$DATA_DIR_TMP" npm run --silent keys -- create --account contract --scopes all --test 2>"$key_err")"; then
  printf '%s\n' "$test_key_out" >&2
  cat "$key_err" >&2
  die "'npm run keys -- create --test' failed"
fi
TEST_API_KEY="$(printf '%s\n' "$test_key_out" | grep -E '^sk_test_[A-Za-z0-9]+$' | tail -n 1 || true)"
[ -n "$TEST_API_KEY" ] || die "no line matching ^sk_test_[A-Za-z0-9]+\$ in the output of 'npm run keys -- create --test'"

# A dashboard user with the credentials of the spec's sign-in example (so that example signs in), whose
# sessions the current-session operations are tested with. It belongs to an account of its own, so the
# fuzzer's user operations (with the key of the `contract` account) can neither disable nor remove it.
SESSION_EMAIL=dispatch@acme-logistics.example
SESSION_PASSWORD='correct horse battery staple'
if ! DATA_DIR="$DATA_DIR_TMP" npm run --silent users -- create --account contract-session --email "$SESSION_EMAIL" --role viewer \
  --password "$SESSION_PASSWORD" >/dev/null 2>"$key_err"; then
  cat "$key_err" >&2
  die "'npm run users -- create' failed"
fi

free_port() { "$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
PORT="$(free_port)"
BASE="http://127.0.0.1:$PORT"

# A dashboard user of the `contract` account, whose session seed.ts signs in with (an audit entry by a user).
SEED_USER_EMAIL=seed-admin@contract.example
SEED_USER_PASSWORD='violet tugboat quarry lantern'
if ! DATA_DIR="$DATA_DIR_TMP" npm run --silent users -- create --account contract --email "$SEED_USER_EMAIL" --role admin \
  --password "$SEED_USER_PASSWORD" >/dev/null 2>"$key_err"; then
  cat "$key_err" >&2
  die "'npm run users -- create' (the seed user) failed"
fi

# start_server VAR=VALUE...: the server on $BASE with these settings beside the run's own; waits for /readyz.
start_server() {
  env "$@" DATA_DIR="$DATA_DIR_TMP" PORT="$PORT" HOST=127.0.0.1 NODE_ENV=development LOG_LEVEL=warn \
    RATE_LIMIT_BURST=1000000 RATE_LIMIT_PER_MINUTE=1000000 \
    SIGN_IN_FAILURES_PER_EMAIL=1000000 SIGN_IN_FAILURES_PER_ADDRESS=1000000 OAUTH_CLIENT_FAILURES=1000000 \
    node --import tsx src/main.ts >>"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
  local deadline=$((SECONDS + READY_TIMEOUT))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$BASE/readyz" || true)" = "200" ]; do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      show_server_log
      die "the server exited before GET /readyz returned 200 (log above)"
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      show_server_log
      die "GET $BASE/readyz did not return 200 within ${READY_TIMEOUT}s (server log above)"
    fi
    sleep 0.5
  done
}
stop_server() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}

# ---------------------------------------------------------------- seeding and the sweep
# What the platform writes by itself (contract-tests/seed.ts): audit entries by every kind of actor,
# deliveries and mail in every status, a test clock advanced, a payment returned. This server runs
# every worker job and sends mail to seed.ts's loopback SMTP server; the fuzzing server below runs
# on the same data without deliveries and mail.
# With this project's settings only (a run as an integrator makes it, another CONTRACT_CONFIG, fuzzes
# a fresh database).
SWEEP_RC=0
if [ "$(realpath "$CONFIG")" = "$(realpath "$HERE/schemathesis.toml")" ]; then
  SMTP_PORT="$(free_port)"
  log "seeding what the platform writes by itself on $BASE (log: ${SERVER_LOG#"$ROOT"/}) ..."
  start_server ROLE=all SMTP_URL="smtp://127.0.0.1:$SMTP_PORT" COMPLIANCE_SCAN_INTERVAL_SECONDS=1
  if ! CONTRACT_BASE_URL="$BASE" CONTRACT_API_KEY="$API_KEY" CONTRACT_TEST_API_KEY="$TEST_API_KEY" \
    SEED_USER_EMAIL="$SEED_USER_EMAIL" SEED_USER_PASSWORD="$SEED_USER_PASSWORD" SEED_SMTP_PORT="$SMTP_PORT" \
    node --import tsx contract-tests/seed.ts; then
    show_server_log
    die "seeding failed (contract-tests/seed.ts, output above)"
  fi
  # Every GET of the document, read with keys pinned to each supported version, each answer checked
  # against that version's document (contract-tests/sweep.ts). Its result counts in the exit code
  # (and, with CONTRACT_SWEEP_RESULTS, in the summary of `npm test`).
  CONTRACT_BASE_URL="$BASE" CONTRACT_API_KEY="$API_KEY" CONTRACT_TEST_API_KEY="$TEST_API_KEY" \
    node --import tsx contract-tests/sweep.ts || SWEEP_RC=$?
  stop_server
fi

log "starting the server on $BASE (log: ${SERVER_LOG#"$ROOT"/}) ..."
# No webhook deliveries: the fuzzer registers endpoints at made-up hosts and nothing is ever sent to
# them (deliveries are tested against local receivers by the vitest suite). Carrier vetting runs,
# on the local registry, so created carriers become active or rejected and orders can be walked.
start_server ROLE=all WORKER_JOBS=vetting,compliance,test_data COMPLIANCE_SCAN_INTERVAL_SECONDS=1
log "server ready"

# ---------------------------------------------------------------- Schemathesis
export CONTRACT_API_KEY="$API_KEY" # read by schemathesis.toml (headers)
export CONTRACT_TEST_API_KEY="$TEST_API_KEY" # read by schemathesis.toml (the test clocks' headers)
# An OAuth client for /oauth/token and /oauth/introspect (HTTP Basic, read by schemathesis.toml).
client_json="$(curl -s -X POST "$BASE/v1/oauth_clients" -H "Authorization: Bearer $API_KEY" \
  -H 'Content-Type: application/json' -d '{"name":"contract","scopes":["orders:read","customers:read"]}')"
CONTRACT_OAUTH_BASIC="$(printf '%s' "$client_json" | "$PYTHON" -c 'import sys, json, base64; c = json.load(sys.stdin); print("Basic " + base64.b64encode((c["id"] + ":" + c["client_secret"]).encode()).decode())')" \
  || die "could not create an OAuth client: $client_json"
export CONTRACT_OAUTH_BASIC
# The dashboard user whose fresh sessions authenticate the current-session operations (hooks.py).
export CONTRACT_BASE_URL="$BASE" CONTRACT_SESSION_EMAIL="$SESSION_EMAIL" CONTRACT_SESSION_PASSWORD="$SESSION_PASSWORD"
# The project's hooks (fresh sessions for the current-session operations) go with the project's
# settings only: another config file, such as integrator.toml, runs without them.
if [ "$(realpath "$CONFIG")" = "$(realpath "$HERE/schemathesis.toml")" ]; then export SCHEMATHESIS_HOOKS="$HERE/hooks.py"; fi

# Data the fuzzer cannot make up: an active carrier whose insurance lapsed (local registry sample), so
# the compliance scan raises an alert that the list links hand to the alert operations.
curl -s -o /dev/null -X POST "$BASE/v1/carriers" -H "Authorization: Bearer $API_KEY" -H 'Content-Type: application/json' \
  -d '{"dot_number":"3190456","contact_name":"Seed","contact_email":"seed@carrier.example","phone":"+16025550100"}'
for _ in $(seq 1 50); do
  curl -s "$BASE/v1/compliance_alerts" -H "Authorization: Bearer $API_KEY" | grep -q '"cal_' && break
  sleep 0.2
done

args=(
  --config-file "$CONFIG"
  run "$BASE/openapi.json"
  --phases examples,coverage,fuzzing,stateful
  --checks all
  --report junit
  --report-junit-path "$JUNIT"
)
if [ -n "${CONTRACT_MAX_EXAMPLES:-}" ]; then
  args+=(--max-examples "$CONTRACT_MAX_EXAMPLES")
fi
args+=("$@")

log "schemathesis ${args[*]}"
# In the background + `wait`, so that INT/TERM reach the cleanup trap at once.
timeout -k 30 "${CONTRACT_TIMEOUT:-1200}" "$VENV/bin/schemathesis" "${args[@]}" &
ST_PID=$!
rc=0
wait "$ST_PID" || rc=$?
ST_PID=""
if [ "$rc" -eq 124 ]; then
  log "ERROR: Schemathesis did not finish within ${CONTRACT_TIMEOUT:-1200}s"
fi
log "JUnit report: ${JUNIT#"$ROOT"/}; server log: ${SERVER_LOG#"$ROOT"/}"
if [ "$SWEEP_RC" -ne 0 ]; then
  log "ERROR: the sweep found answers outside their version's document (above)"
  [ "$rc" -eq 0 ] && rc=1
fi
exit "$rc"
