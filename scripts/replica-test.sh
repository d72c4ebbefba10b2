#!/usr/bin/env bash
# `npm run test:replica` (issue #24, ADR 0019): starts a REAL PostgreSQL hot standby on this machine
# and runs tests/replica/*.test.ts against it — reports served by the standby, writes and a member's
# reads after their own change on the primary, replica lag (replay paused) and replica loss (standby
# stopped) falling back to the primary.
#
# It never touches the PostgreSQL server on 5432: it makes a temporary primary cluster (initdb,
# wal_level=replica, a replication entry in its own pg_hba.conf) on REPLICA_TEST_PRIMARY_PORT (55432)
# and a standby (pg_basebackup -R) on REPLICA_TEST_STANDBY_PORT (55433), both in one temporary folder
# owned by the `postgres` OS user, listening on 127.0.0.1 only; both are stopped and the folder
# removed at the end, on failure too. Needs root (to run the server binaries as `postgres`) or to be
# run as `postgres` itself, and PostgreSQL's server binaries (PG_BIN, default /usr/lib/postgresql/15/bin).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PRIMARY_PORT="${REPLICA_TEST_PRIMARY_PORT:-55432}"
STANDBY_PORT="${REPLICA_TEST_STANDBY_PORT:-55433}"
started_at=$(date +%s)

if [ "$(id -un)" = postgres ]; then
  as_pg() { "$@"; }
elif [ "$(id -u)" = 0 ]; then
  as_pg() { runuser -u postgres -- "$@"; }
else
  echo "[replica] run as root or as the postgres user (the server binaries run as postgres)" >&2
  exit 2
fi
[ -x "$PG_BIN/initdb" ] || { echo "[replica] no PostgreSQL server binaries in $PG_BIN (set PG_BIN)" >&2; exit 2; }
for port in "$PRIMARY_PORT" "$STANDBY_PORT"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "[replica] port $port is in use: set REPLICA_TEST_PRIMARY_PORT / REPLICA_TEST_STANDBY_PORT" >&2
    exit 2
  fi
done

WORK="$(mktemp -d /tmp/portal-replica.XXXXXX)"
chown postgres: "$WORK"
chmod 700 "$WORK"
PRIMARY="$WORK/primary"
STANDBY="$WORK/standby"

cleanup() {
  local status=$?
  for dir in "$STANDBY" "$PRIMARY"; do
    if [ -f "$dir/postmaster.pid" ]; then as_pg "$PG_BIN/pg_ctl" -D "$dir" -m immediate -w stop >/dev/null 2>&1 || true; fi
  done
  if [ "$status" != 0 ]; then
    for log in "$WORK"/*.log; do [ -f "$log" ] && { echo "--- $log (last lines)"; tail -n 20 "$log"; }; done
  fi
  rm -rf "$WORK"
  echo "[replica] clusters stopped and removed; $(( $(date +%s) - started_at )) s in all"
  exit "$status"
}
trap cleanup EXIT INT TERM

echo "[replica] primary: initdb in $PRIMARY, port $PRIMARY_PORT"
as_pg "$PG_BIN/initdb" -D "$PRIMARY" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$WORK/initdb.log"
cat >>"$PRIMARY/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PRIMARY_PORT
unix_socket_directories = '$WORK'
wal_level = replica
max_wal_senders = 4
hot_standby = on
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 64MB
CONF
cat >>"$PRIMARY/pg_hba.conf" <<CONF
host replication postgres 127.0.0.1/32 trust
CONF
as_pg "$PG_BIN/pg_ctl" -D "$PRIMARY" -l "$WORK/primary.log" -w start >/dev/null

echo "[replica] standby: pg_basebackup -R into $STANDBY, port $STANDBY_PORT"
as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$STANDBY" -R -X stream --checkpoint=fast
cat >>"$STANDBY/postgresql.auto.conf" <<CONF
port = $STANDBY_PORT
CONF
as_pg "$PG_BIN/pg_ctl" -D "$STANDBY" -l "$WORK/standby.log" -w start >/dev/null
in_recovery=$(psql -h 127.0.0.1 -p "$STANDBY_PORT" -U postgres -d postgres -tAc 'select pg_is_in_recovery()')
[ "$in_recovery" = t ] || { echo "[replica] the standby is not in recovery" >&2; exit 1; }
echo "[replica] hot standby streaming ($(( $(date +%s) - started_at )) s); running tests/replica"

# The tests stop and start the standby themselves (replica loss), through the same binaries.
cd "$ROOT"
DATABASE_URL="postgres://postgres@127.0.0.1:$PRIMARY_PORT/postgres" \
REPLICA_TEST_STANDBY_PORT="$STANDBY_PORT" \
REPLICA_TEST_STANDBY_DIR="$STANDBY" \
REPLICA_TEST_PG_CTL="$PG_BIN/pg_ctl" \
REPLICA_TEST_AS_ROOT="$( [ "$(id -u)" = 0 ] && echo 1 || echo 0 )" \
REPLICA_TEST_LOG="$WORK/standby.log" \
  npx vitest run --config vitest.replica.config.ts "$@"
