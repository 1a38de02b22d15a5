#!/usr/bin/env bash
# Starts PgBouncer (Debian's package: `apt-get install -y pgbouncer`) in transaction mode on
# 127.0.0.1:${PGBOUNCER_PORT:-6432}, in front of the PostgreSQL server at 127.0.0.1:5432 (every
# database name forwarded), as the pooled DATABASE_URL a managed host hands out would be. The
# integration tests run through it when TEST_POOLER_URL is set (.ci/run sets it); `stop` stops it.
#   bash scripts/test/pgbouncer.sh          # start (nothing to do when it already answers)
#   bash scripts/test/pgbouncer.sh stop
set -euo pipefail
port=${PGBOUNCER_PORT:-6432}
dir=${PGBOUNCER_DIR:-/tmp/vt-pgbouncer}
# PgBouncer refuses to run as root: as the postgres user, when there is one.
as_postgres() { if [ "$(id -u)" = 0 ] && id postgres >/dev/null 2>&1; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }

if [ "${1:-start}" = stop ]; then
  [ -f "$dir/pgbouncer.pid" ] && kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
  exit 0
fi
# Ours already running: nothing to do. Another server on the port (a packaged PgBouncer with its own
# settings, say) is not used: it may not pool in transaction mode.
if [ -f "$dir/pgbouncer.pid" ] && kill -0 "$(cat "$dir/pgbouncer.pid")" 2>/dev/null; then exit 0; fi
if pg_isready -q -h 127.0.0.1 -p "$port"; then
  echo "port $port is taken by another server; stop it or set PGBOUNCER_PORT (and TEST_POOLER_URL)" >&2; exit 1
fi
command -v pgbouncer >/dev/null || { echo "pgbouncer not installed (apt-get install -y pgbouncer)" >&2; exit 1; }
mkdir -p "$dir"
# Trust, as the PostgreSQL server behind it; node-postgres sends these startup parameters, which a
# transaction pooler cannot keep per session.
echo '"postgres" ""' >"$dir/userlist.txt"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
admin_users = postgres
INI
if [ "$(id -u)" = 0 ] && id postgres >/dev/null 2>&1; then chown -R postgres "$dir"; fi
as_postgres "pgbouncer -d $dir/pgbouncer.ini"
for _ in $(seq 1 50); do pg_isready -q -h 127.0.0.1 -p "$port" && exit 0; sleep 0.2; done
echo "PgBouncer did not start; its log:" >&2; cat "$dir/pgbouncer.log" >&2; exit 1
