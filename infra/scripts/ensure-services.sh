#!/usr/bin/env bash
# Makes sure PostgreSQL, NATS JetStream and the Temporal dev server answer, starting the local ones
# that have stopped. Remote endpoints (set through the environment) are only checked, never started.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/lib.sh"

# One at a time on this machine: `npm start` and `npm test` side by side would otherwise both find a
# service down and both start it (two Mailpits, each holding one of the two ports, both exiting).
# Everything started below gets `9>&-`, so that no service keeps the lock after this script ends.
exec 9>"${TMPDIR:-/tmp}/alpenpass-ensure-services.lock"
flock 9

pg_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/alpenpass}"
pg_hostport="$(hostport_of "$pg_url" 5432)"
if ! port_open "$pg_hostport"; then
  if is_local "$pg_hostport" && ls /etc/postgresql >/dev/null 2>&1; then
    log "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start 9>&- || true
  fi
  wait_for_port "$pg_hostport" 30 "PostgreSQL"
fi
log "PostgreSQL answers on $pg_hostport"

nats_url="${NATS_URL:-nats://127.0.0.1:4222}"
nats_hostport="$(hostport_of "$nats_url" 4222)"
if ! port_open "$nats_hostport"; then
  if is_local "$nats_hostport" && command -v nats-server >/dev/null 2>&1 || [ -x /usr/sbin/nats-server ]; then
    log "starting NATS with JetStream"
    mkdir -p /var/lib/nats-server 2>/dev/null || true
    start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
      -a 127.0.0.1 -p "${nats_hostport##*:}" -js -sd /var/lib/nats-server -l /var/log/nats-server.log 9>&-
  fi
  wait_for_port "$nats_hostport" 30 "NATS"
fi
log "NATS answers on $nats_hostport"

bash "$here/ensure-temporal.sh" 9>&-

bash "$here/ensure-mailpit.sh" 9>&-
