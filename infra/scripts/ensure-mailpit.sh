#!/usr/bin/env bash
# Finds or builds Mailpit v1.27.11 (local SMTP server with a web inbox and JSON API) and starts it on
# SMTP 127.0.0.1:1025, inbox 127.0.0.1:8025, reusing a Mailpit that already answers with its inbox.
#
# Mailpit's inbox is a JavaScript bundle that its own `npm run build` writes into server/ui/dist and the
# Go binary embeds. The module on the Go proxy carries the UI's sources and package lock but not the
# bundle, so a plain `go install`/`go build` of it answers the inbox page with an empty shell whose
# /dist/app.js is a 404. This script therefore builds the bundle first, in a copy of the module's source,
# with the project's Node, and then the binary from that copy.
#
# A Mailpit built without the bundle is never used: a binary without it on the search path is skipped,
# one at the build target is rebuilt in place. A UI-less Mailpit already running on this machine at the
# configured addresses is replaced: once the new binary is ready, the old process is stopped and the new
# one started with the old one's own arguments (same ports, same database, so stored mails stay); the log
# says so. Only a process named mailpit listening on the inbox port is stopped; a remote one is left alone.
#
# Environment: MAILPIT_BIN (binary to use, and the build target; default $(go env GOPATH)/bin/mailpit),
# MAILPIT_SMTP_ADDRESS, MAILPIT_UI_ADDRESS, MAILPIT_DATA_DIR (database and log; default .data/mailpit).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$here/lib.sh"

version="v1.27.11"
module="github.com/axllent/mailpit"
smtp_address="${MAILPIT_SMTP_ADDRESS:-127.0.0.1:1025}"
ui_address="${MAILPIT_UI_ADDRESS:-127.0.0.1:8025}"
data_dir="${MAILPIT_DATA_DIR:-$root/.data/mailpit}"

# go:embed keeps the embedded files' names in the binary; a build with the bundle names its app.js.
has_web_ui() { grep -q -a -F 'ui/dist/app.js' "$1"; }

serves_web_ui() { curl -fsS -o /dev/null --max-time 10 "http://$ui_address/dist/app.js" 2>/dev/null; }

# The pid of the process named mailpit that listens on the inbox's address, if there is one.
mailpit_listening_on_ui_address() {
  command -v ss >/dev/null 2>&1 || return 0
  local port="${ui_address##*:}" pid
  for pid in $(ss -ltnpH "sport = :$port" 2>/dev/null |
    awk -v exact="$ui_address" -v port="$port" \
      '$4 == exact || $4 == "0.0.0.0:" port || $4 == "*:" port || $4 == "[::]:" port' |
    grep -o 'pid=[0-9]*' | cut -d= -f2 | sort -u); do
    if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mailpit ]; then
      echo "$pid"
      return 0
    fi
  done
}

stale_pid=""
if port_open "$smtp_address" && port_open "$ui_address"; then
  if serves_web_ui; then
    log "Mailpit answers on $smtp_address (inbox on http://$ui_address)"
    exit 0
  fi
  stale_pid="$(mailpit_listening_on_ui_address)"
  if ! is_local "$ui_address" || [ -z "$stale_pid" ]; then
    log "the Mailpit on http://$ui_address serves its inbox page without the web UI (/dist/app.js is missing)," \
      "and it is no local mailpit process this script can restart: left as it is. Replace it with a build" \
      "that has the UI (stop it, then run this script again)."
    exit 0
  fi
  log "the Mailpit on http://$ui_address (pid $stale_pid) serves its inbox page without the web UI" \
    "(/dist/app.js is missing): it will be replaced by a build with the UI, with the same arguments and database"
fi

find_mailpit_with_ui() {
  local candidate checked=" "
  for candidate in "${MAILPIT_BIN:-}" "$(command -v mailpit 2>/dev/null || true)" \
    "$(command -v go >/dev/null 2>&1 && echo "$(go env GOPATH)/bin/mailpit")"; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    case "$checked" in *" $candidate "*) continue ;; esac
    checked="$checked$candidate "
    if has_web_ui "$candidate"; then
      echo "$candidate"
      return
    fi
    log "not using $candidate: it was built without Mailpit's web UI"
  done
}

build_mailpit() {
  local target="$1" node_bin="$root/node_modules/.bin"
  command -v go >/dev/null 2>&1 || { log "no Mailpit with its web UI and no Go toolchain to build it"; exit 1; }
  command -v npm >/dev/null 2>&1 || { log "npm is needed to build Mailpit's web UI"; exit 1; }
  [ -x "$node_bin/node" ] || { log "the project's Node is missing ($node_bin/node): run npm install first"; exit 1; }
  local scratch
  scratch="$(mktemp -d)"
  # shellcheck disable=SC2064 # the path is fixed now, the trap runs at exit
  trap "rm -rf '$scratch'" EXIT
  log "building Mailpit $version with its web UI from the Go module proxy and the npm registry;" \
    "the first build takes a few minutes"
  # by its exact version: the proxy serves it, though it does not list the module's versions
  (cd "$scratch" && go mod download "$module@$version")
  cp -R "$(go env GOMODCACHE)/$module@$version" "$scratch/mailpit"
  chmod -R u+w "$scratch/mailpit"
  (
    cd "$scratch/mailpit"
    # npm and the build's own `node` run on the project's Node
    export PATH="$node_bin:$PATH"
    log "building Mailpit's web UI from its own package lock on Node $(node --version)"
    # No install script runs: the bundle needs none of them, and esbuild finds its binary in its
    # platform package (an optional dependency) without its postinstall. The bundler is a devDependency:
    # included even where NODE_ENV=production would leave it out.
    npm ci --include=dev --ignore-scripts --no-audit --no-fund --loglevel=error >&2
    npm run build --silent >&2
  )
  [ -f "$scratch/mailpit/server/ui/dist/app.js" ] || { log "npm run build did not write Mailpit's UI"; exit 1; }
  # Built beside the target and renamed over it: a running Mailpit keeps its own (old) file.
  local built="$target.building.$$"
  (
    cd "$scratch/mailpit"
    # -v names each package as it compiles: a live progress line instead of minutes of silence
    go build -v -trimpath -buildvcs=false -ldflags "-X $module/config.Version=$version" -o "$built" . 2>&1 |
      awk '{ n++; if (n % 25 == 0) { printf "[alpenpass]   compiled %d packages (%s)\n", n, $0; fflush() } }' >&2
  )
  has_web_ui "$built" || { rm -f "$built"; log "go build did not embed Mailpit's UI"; exit 1; }
  mv -f "$built" "$target"
}

binary="$(find_mailpit_with_ui)"
if [ -z "$binary" ]; then
  if [ -n "${MAILPIT_BIN:-}" ]; then
    binary="$MAILPIT_BIN"
  else
    command -v go >/dev/null 2>&1 || { log "no Mailpit with its web UI and no Go toolchain to build it"; exit 1; }
    binary="$(go env GOPATH)/bin/mailpit"
  fi
  # absolute: the build runs in another directory
  mkdir -p "$(dirname "$binary")"
  binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
  build_mailpit "$binary"
fi

# absolute: Mailpit may be started in another directory (below)
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
mkdir -p "$data_dir"
data_dir="$(cd "$data_dir" && pwd)"
working_dir="$PWD"
if [ -n "$stale_pid" ]; then
  mapfile -d '' -t stale_command <"/proc/$stale_pid/cmdline"
  arguments=("${stale_command[@]:1}")
  # its own working directory too, in case its arguments name relative paths
  working_dir="$(readlink "/proc/$stale_pid/cwd")"
  [ -d "$working_dir" ] || working_dir="$PWD"
  log "stopping the Mailpit without web UI (pid $stale_pid: ${stale_command[*]})"
  kill -TERM "$stale_pid"
  for _ in $(seq 1 60); do
    port_open "$smtp_address" || port_open "$ui_address" || break
    sleep 0.25
  done
  if port_open "$smtp_address" || port_open "$ui_address"; then
    log "the old Mailpit (pid $stale_pid) still holds its ports after 15 s"
    exit 1
  fi
  log "starting $binary in $working_dir with the stopped one's arguments: ${arguments[*]}"
else
  # no update check: the version is pinned, and these machines reach no release server
  arguments=(--smtp "$smtp_address" --listen "$ui_address" --database "$data_dir/mailpit.db" --disable-version-check)
  log "starting Mailpit on $smtp_address (inbox on http://$ui_address)"
fi
# setsid: the machine-wide service outlives the process group that asked for it (a Ctrl-C of npm start, a
# test run that ends); exec and the redirections: no shell lingers, and none holds this script's output open
(cd "$working_dir" && exec setsid nohup "$binary" "${arguments[@]}" </dev/null >>"$data_dir/mailpit.log" 2>&1) &
wait_for_port "$smtp_address" 30 "Mailpit SMTP" || { tail -20 "$data_dir/mailpit.log" >&2; exit 1; }
wait_for_port "$ui_address" 30 "Mailpit inbox" || { tail -20 "$data_dir/mailpit.log" >&2; exit 1; }
serves_web_ui || { log "Mailpit on http://$ui_address answers without its web UI"; exit 1; }
log "Mailpit answers on $smtp_address (inbox on http://$ui_address, with its web UI)"
