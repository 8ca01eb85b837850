#!/usr/bin/env bash
# Finds or builds Mailpit v1.27.11 (local SMTP server with a web inbox and JSON API) and starts it on
# SMTP 127.0.0.1:1025, inbox 127.0.0.1:8025, reusing a Mailpit that already answers. `go install …@v1.27.11`
# is refused (the proxy does not list the module's versions), so it is built from a scratch module that
# requires it: `go get` fetches it by its exact version, which the proxy does serve.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$here/lib.sh"

version="v1.27.11"
smtp_address="${MAILPIT_SMTP_ADDRESS:-127.0.0.1:1025}"
ui_address="${MAILPIT_UI_ADDRESS:-127.0.0.1:8025}"
if port_open "$smtp_address" && port_open "$ui_address"; then
  log "Mailpit answers on $smtp_address (inbox on http://$ui_address)"
  exit 0
fi

find_mailpit() {
  if [ -n "${MAILPIT_BIN:-}" ] && [ -x "$MAILPIT_BIN" ]; then echo "$MAILPIT_BIN"; return; fi
  if command -v mailpit >/dev/null 2>&1; then command -v mailpit; return; fi
  if command -v go >/dev/null 2>&1 && [ -x "$(go env GOPATH)/bin/mailpit" ]; then
    echo "$(go env GOPATH)/bin/mailpit"; return
  fi
}

binary="$(find_mailpit)"
if [ -z "$binary" ]; then
  command -v go >/dev/null 2>&1 || { log "no mailpit and no Go toolchain to build it"; exit 1; }
  target="$(go env GOPATH)/bin/mailpit"
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  log "building Mailpit $version from the Go module proxy; the first build takes a few minutes"
  (
    cd "$scratch"
    go mod init mailpit-build >/dev/null 2>&1
    go get "github.com/axllent/mailpit@$version"
    mkdir -p "$(dirname "$target")"
    # -v names each package as it compiles: a live progress line instead of minutes of silence
    go build -v -o "$target" github.com/axllent/mailpit 2>&1 |
      awk '{ n++; if (n % 25 == 0) { printf "[alpenpass]   compiled %d packages (%s)\n", n, $0; fflush() } }' >&2
  )
  binary="$target"
  [ -x "$binary" ] || { log "go build did not produce $binary"; exit 1; }
fi

data_dir="${MAILPIT_DATA_DIR:-$root/.data/mailpit}"
mkdir -p "$data_dir"
log "starting Mailpit on $smtp_address (inbox on http://$ui_address)"
# setsid: the machine-wide service outlives the process group that asked for it (a Ctrl-C of npm start, a
# test run that ends)
setsid nohup "$binary" --smtp "$smtp_address" --listen "$ui_address" \
  --database "$data_dir/mailpit.db" \
  >"$data_dir/mailpit.log" 2>&1 &
wait_for_port "$smtp_address" 30 "Mailpit SMTP" || { tail -20 "$data_dir/mailpit.log" >&2; exit 1; }
wait_for_port "$ui_address" 30 "Mailpit inbox" || { tail -20 "$data_dir/mailpit.log" >&2; exit 1; }
log "Mailpit answers on $smtp_address (inbox on http://$ui_address)"
