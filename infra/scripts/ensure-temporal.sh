#!/usr/bin/env bash
# Finds or builds the Temporal CLI and starts its dev server (127.0.0.1:7233, UI on :8233), reusing a
# server that already answers. v1.5.1 is the last CLI release whose go.mod can be `go install`ed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$here/lib.sh"

address="${TEMPORAL_ADDRESS:-127.0.0.1:7233}"
ui_port="${TEMPORAL_UI_PORT:-8233}"
if port_open "$address"; then
  log "Temporal answers on $address"
  exit 0
fi
if ! is_local "$address"; then
  log "Temporal at $address does not answer (not local, so not started here)"
  exit 1
fi

find_cli() {
  if [ -n "${TEMPORAL_CLI:-}" ] && [ -x "$TEMPORAL_CLI" ]; then echo "$TEMPORAL_CLI"; return; fi
  if command -v temporal >/dev/null 2>&1; then command -v temporal; return; fi
  if command -v go >/dev/null 2>&1 && [ -x "$(go env GOPATH)/bin/temporal" ]; then
    echo "$(go env GOPATH)/bin/temporal"; return
  fi
}

cli="$(find_cli)"
if [ -z "$cli" ]; then
  command -v go >/dev/null 2>&1 || { log "no temporal CLI and no Go toolchain to build it"; exit 1; }
  log "building the Temporal CLI v1.5.1 with go install; the first build takes several minutes"
  # -v names each package as it compiles: a live progress line instead of minutes of silence
  go install -v github.com/temporalio/cli/cmd/temporal@v1.5.1 2>&1 |
    awk '{ n++; if (n % 25 == 0) { printf "[alpenpass]   compiled %d packages (%s)\n", n, $0; fflush() } }' >&2
  cli="$(go env GOPATH)/bin/temporal"
  [ -x "$cli" ] || { log "go install did not produce $cli"; exit 1; }
fi

data_dir="${TEMPORAL_DATA_DIR:-$root/.data/temporal}"
mkdir -p "$data_dir"
log "starting the Temporal dev server on $address (UI on :$ui_port)"
# setsid: the machine-wide service outlives the process group that asked for it (a Ctrl-C of npm start, a
# test run that ends), as the machine's PostgreSQL and NATS do
setsid nohup "$cli" server start-dev \
  --ip "${address%:*}" --port "${address##*:}" --ui-port "$ui_port" \
  --db-filename "$data_dir/temporal.db" --log-level warn \
  >"$data_dir/server.log" 2>&1 &
wait_for_port "$address" 90 "Temporal" || { tail -20 "$data_dir/server.log" >&2; exit 1; }
log "Temporal answers on $address"
