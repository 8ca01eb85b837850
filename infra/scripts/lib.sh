# Small helpers shared by the infra scripts.
log() { printf '[alpenpass] %s\n' "$*" >&2; }

# "postgres://u@host:5432/db" or "nats://host:4222" or "host:7233" -> "host:port"
hostport_of() {
  local url="$1" default_port="$2" rest
  rest="${url#*://}"; rest="${rest#*@}"; rest="${rest%%/*}"; rest="${rest%%\?*}"
  case "$rest" in *:*) echo "$rest" ;; *) echo "$rest:$default_port" ;; esac
}

port_open() {
  local host="${1%:*}" port="${1##*:}"
  (exec 3<>"/dev/tcp/$host/$port") >/dev/null 2>&1
}

is_local() {
  case "${1%:*}" in 127.*|localhost|::1|'[::1]') return 0 ;; *) return 1 ;; esac
}

wait_for_port() {
  local hostport="$1" seconds="$2" name="$3" i
  for ((i = 0; i < seconds * 4; i++)); do
    port_open "$hostport" && return 0
    sleep 0.25
  done
  log "$name does not answer on $hostport after ${seconds}s"
  return 1
}
