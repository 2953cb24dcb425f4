#!/usr/bin/env bash
# A real streaming replica of this machine's PostgreSQL (127.0.0.1:5432) for the read-replica
# test (apps/server/test/read-replica.test.ts) and for trying DATABASE_REPLICA_URL by hand.
#
#   scripts/make-replica.sh [start]   make it (pg_basebackup -R) unless it exists, start it, wait
#                                     until it answers; prints its URL. Idempotent.
#   scripts/make-replica.sh stop      stop it and remove its folder (the next start copies afresh)
#   scripts/make-replica.sh status    exit 0 when it runs and replays, 1 otherwise
#
# Needs root (it adds `host replication all 127.0.0.1/32 trust` to the primary's pg_hba.conf when
# missing, reloads the primary, and runs PostgreSQL's tools as the postgres user). No replication
# slot: a stopped replica holds nothing back on the primary (stop removes it anyway).
# REPLICA_DIR (default /tmp/workbench-replica) and REPLICA_PORT (default 5433) move it.
set -euo pipefail

PRIMARY_HOST=127.0.0.1
PRIMARY_PORT=5432
PORT="${REPLICA_PORT:-5433}"
DIR="${REPLICA_DIR:-/tmp/workbench-replica}"
DATA="$DIR/data"
SOCKETS="$DIR/sockets"
VERSION="$(ls /etc/postgresql | sort -n | tail -n1)"
BIN="/usr/lib/postgresql/$VERSION/bin"
HBA="/etc/postgresql/$VERSION/main/pg_hba.conf"

as_postgres() { runuser -u postgres -- "$@"; }
running() { [ -f "$DATA/postmaster.pid" ] && as_postgres "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }
replica_psql() { psql -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -Atqc "$1"; }

case "${1:-start}" in
  stop)
    if running; then as_postgres "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null; fi
    rm -rf "$DIR"
    echo "replica on port $PORT stopped and removed"
    exit 0
    ;;
  status)
    running && [ "$(replica_psql 'SELECT pg_is_in_recovery()' 2>/dev/null)" = t ]
    exit $?
    ;;
  start) ;;
  *)
    echo "usage: $0 [start|stop|status]" >&2
    exit 2
    ;;
esac

if [ "$(id -u)" -ne 0 ]; then
  echo "$0: run as root (it edits $HBA and runs pg_ctl as postgres)" >&2
  exit 1
fi
if ! pg_isready -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -q; then
  echo "$0: the primary at $PRIMARY_HOST:$PRIMARY_PORT does not answer" >&2
  exit 1
fi

# The primary lets 127.0.0.1 replicate (trust, as its other local lines).
if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$HBA"; then
  printf '\n# scripts/make-replica.sh: streaming replicas on this machine\nhost replication all 127.0.0.1/32 trust\n' >>"$HBA"
  psql -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -Atqc 'SELECT pg_reload_conf()' >/dev/null
  echo "added a host replication line to $HBA and reloaded the primary"
fi

if ! running; then
  if [ ! -f "$DATA/standby.signal" ]; then
    # A half-made copy (an interrupted run) is made again.
    rm -rf "$DIR"
    install -d -o postgres -g postgres -m 700 "$DIR" "$SOCKETS"
    echo "copying the primary with pg_basebackup into $DATA ..."
    as_postgres "$BIN/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres \
      -D "$DATA" -R -X stream -c fast
    # Debian keeps the primary's configuration in /etc: the copy gets files of its own. Hot
    # standby needs max_connections and friends at least as large as the primary's.
    primary_setting() { psql -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -Atqc "SHOW $1"; }
    as_postgres tee "$DATA/postgresql.conf" >/dev/null <<EOF
port = $PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$SOCKETS'
hot_standby = on
hot_standby_feedback = on
max_connections = $(primary_setting max_connections)
max_worker_processes = $(primary_setting max_worker_processes)
max_wal_senders = $(primary_setting max_wal_senders)
max_locks_per_transaction = $(primary_setting max_locks_per_transaction)
max_prepared_transactions = $(primary_setting max_prepared_transactions)
shared_buffers = 128MB
logging_collector = off
EOF
    as_postgres tee "$DATA/pg_hba.conf" >/dev/null <<EOF
local all all trust
host all all 127.0.0.1/32 trust
EOF
  fi
  # The server outlives this script: it must not inherit our open files (a `flock LOCK thisscript`
  # lock would stay held by the replica for as long as it runs).
  for fd in /proc/$$/fd/*; do
    fd="${fd##*/}"
    if [ "$fd" -gt 2 ] 2>/dev/null; then eval "exec $fd>&-" 2>/dev/null || true; fi
  done
  as_postgres "$BIN/pg_ctl" -D "$DATA" -l "$DIR/replica.log" -w -t 120 start >/dev/null
fi

# Answers, in recovery, and streaming from the primary.
for _ in $(seq 1 120); do
  if [ "$(replica_psql "SELECT pg_is_in_recovery() AND EXISTS (SELECT FROM pg_stat_wal_receiver WHERE status = 'streaming')" 2>/dev/null)" = t ]; then
    echo "postgres://postgres@127.0.0.1:$PORT"
    exit 0
  fi
  sleep 0.5
done
echo "$0: the replica on port $PORT did not start streaming (see $DIR/replica.log)" >&2
exit 1
