#!/usr/bin/env bash
# Several shop nodes on this machine behind HAProxy (docs/operations.md, "The test topology").
#   cluster.sh up [--nodes 2|3]   fresh database and streams, nodes started, balancer in front
#   cluster.sh down               every node, the balancer, the namespaces and the cluster's data gone
#   cluster.sh kill-node <n>      kill -9 every process of node n (a node that vanishes)
#   cluster.sh start-node <n>     starts node n again after kill-node (its namespace and address stay)
#   cluster.sh kill-role <n> <api|worker|projector>   kill -9 one role process of node n (its launcher restarts it)
#   cluster.sh cut-node <n>       takes node n's link down: no packet in or out, its processes keep running
#   cluster.sh heal-node <n>      brings node n's link up again
#   cluster.sh kill-psp           kill -9 the PSP simulator and start it again on the same port and data
#   cluster.sh end-db-sessions    pg_terminate_backend of every connection to the cluster's database
#   cluster.sh stop-nats | start-nats   stops / starts the cluster's own NATS (same JetStream store)
#   cluster.sh restart-temporal   stops the cluster's own Temporal dev server and starts it on the same data
#   cluster.sh refuse-mail | accept-mail   the mail server's port refuses the nodes' connections / takes them again
#   cluster.sh check              exits 0 when network namespaces can be made here, else prints why
# Each node is a network namespace joined to the bridge apcl0 (10.77.0.1) by a veth pair, and runs
# services/src/launcher.ts (all roles). The machine's PostgreSQL and Mailpit, and a NATS and a Temporal dev
# server of the cluster's own (faults stop them, never the machine's), listen on 127.0.0.1 only; HAProxy
# forwards them from the bridge address, so none of the machine's services is reconfigured.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/scripts/lib.sh

state=/tmp/alpenpass-cluster
bridge=apcl0
host_ip=10.77.0.1
lb_port="${CLUSTER_PORT:-8480}"
psp_port=3990
# the cluster's own NATS and Temporal (the fault campaign stops and restarts them)
nats_port=4322
temporal_port=7333
database=alpenpass_cluster
pg_admin="postgres://postgres@127.0.0.1:5432/postgres"

node_ns() { echo "apcl-n$1"; }
node_ip() { echo "10.77.0.$((10 + $1))"; }
node_port() { echo "$((3100 + $1))"; }

check() {
  if [ "$(id -u)" != 0 ]; then echo "network namespaces need root"; return 1; fi
  if ! command -v ip >/dev/null; then echo "no ip command (iproute2)"; return 1; fi
  if ! ip netns add apcl-probe 2>/dev/null; then echo "ip netns add is not permitted here"; return 1; fi
  ip netns del apcl-probe
  if ! bash infra/scripts/ensure-haproxy.sh >/dev/null 2>&1; then echo "HAProxy is not installed and could not be installed"; return 1; fi
}

drop_data() {
  for db in "$database" "${database}_psp"; do
    PGOPTIONS="--client-min-messages=warning" psql -q "$pg_admin" -c "drop database if exists $db with (force)" >/dev/null
  done
  rm -rf "$state/nats" "$state/temporal"
}

down() {
  for ns in $(ip netns list 2>/dev/null | awk '/^apcl-n/ {print $1}'); do
    pids="$(ip netns pids "$ns" || true)"
    [ -n "$pids" ] && kill -TERM $pids 2>/dev/null || true
    for _ in $(seq 1 40); do [ -z "$(ip netns pids "$ns")" ] && break; sleep 0.25; done
    pids="$(ip netns pids "$ns" || true)"
    [ -n "$pids" ] && kill -KILL $pids 2>/dev/null || true
    ip netns del "$ns"
  done
  for pidfile in "$state/haproxy.pid" "$state/psp-simulator.pid" "$state/nats.pid"; do
    [ -f "$pidfile" ] && kill -TERM $(cat "$pidfile") 2>/dev/null || true
    rm -f "$pidfile"
  done
  stop_temporal
  ip link del "$bridge" 2>/dev/null || true
  drop_data
  log "cluster down"
}

kill_node() {
  local pids
  pids="$(ip netns pids "$(node_ns "$1")")"
  [ -n "$pids" ] && kill -KILL $pids
  log "node $1 killed (kill -9 of pids $(echo $pids))"
}

haproxy_config() {
  local nodes="$1" i
  cat <<EOF
global
  maxconn 4096
  stats socket $state/haproxy.sock mode 600 level admin
defaults
  timeout connect 3s
  timeout client 1h
  timeout server 1h
frontend shop
  mode http
  bind 127.0.0.1:$lb_port
  option forwardfor
  timeout client 60s
  default_backend nodes
backend nodes
  mode http
  balance roundrobin
  timeout server 60s
  # only a connection that never reached a node is tried again: a request a node received is not resent
  retries 2
  option redispatch
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
EOF
  for ((i = 1; i <= nodes; i++)); do
    echo "  server n$i $(node_ip "$i"):$(node_port "$i") check"
  done
  # bridge port → where it is served on the host
  for service in postgres:5432:5432 nats:4222:$nats_port temporal:7233:$temporal_port smtp:1025:1025; do
    cat <<EOF
listen ${service%%:*}
  mode tcp
  bind $host_ip:$(cut -d: -f2 <<<"$service")
  # a node cut off the network: its side is declared dead after 5 s + 3 probes, and the server side is
  # closed with it, so PostgreSQL ends the session (and frees a leader's lock) as if it talked to the node
  option clitcpka
  clitcpka-idle 5s
  clitcpka-intvl 1s
  clitcpka-cnt 3
  server local 127.0.0.1:${service##*:}
EOF
  done
}

node_network() {
  local i="$1" ns ip
  ns="$(node_ns "$i")"
  ip="$(node_ip "$i")"
  ip netns add "$ns"
  ip link add "apcl-n$i-h" type veth peer name "apcl-n$i-n"
  ip link set "apcl-n$i-h" master "$bridge" up
  ip link set "apcl-n$i-n" netns "$ns"
  ip -n "$ns" addr add "$ip/24" dev "apcl-n$i-n"
  ip -n "$ns" link set "apcl-n$i-n" up
  ip -n "$ns" link set lo up
  ip -n "$ns" route add default via "$host_ip"
}

start_node() {
  local i="$1" demo="$2"
  if [ -n "${SHOP_CLOCK:-}" ] && [ -z "${SHOP_CLOCK_STARTED_AT:-}" ] && [ -f "$state/shop-clock-started-at" ]; then
    export SHOP_CLOCK_STARTED_AT="$(cat "$state/shop-clock-started-at")"
  fi
  ip netns list | grep -q "^$(node_ns "$i")\b" || node_network "$i"
  ip netns exec "$(node_ns "$i")" env \
    PORT="$(node_port "$i")" \
    ALPENPASS_NODE="n$i" \
    DATABASE_URL="postgres://postgres@$host_ip:5432/$database?application_name=alpenpass-n$i" \
    NATS_URL="nats://$host_ip:4222" \
    NATS_STREAM=CLUSTER_EVENTS NATS_SUBJECT_PREFIX=cluster_events \
    ACCESS_USAGE_STREAM=CLUSTER_ACCESS_USAGE ACCESS_USAGE_SUBJECT_PREFIX=cluster_access.usage \
    TEMPORAL_ADDRESS="$host_ip:7233" TEMPORAL_TASK_QUEUE=alpenpass-cluster \
    SMTP_URL="smtp://$host_ip:1025" \
    AUTH_SIGNING_KEY_FILE="$state/auth-signing-key.json" \
    IDENTITY_ISSUER="http://127.0.0.1:$lb_port/oidc" \
    TRUST_PROXY="$host_ip" \
    PSP_BASE_URL="http://$host_ip:$psp_port" \
    PSP_WEBHOOK_URL="http://127.0.0.1:$lb_port/api/payment-provider/notifications" \
    API_PROCESSES=1 LOAD_DEMO_DATA="$demo" SERVE_WEB="${CLUSTER_SERVE_WEB:-false}" \
    LOG_FORMAT=json LOG_LEVEL="${CLUSTER_LOG_LEVEL:-warn}" \
    "${CLUSTER_NODE_ENV[@]}" \
    node --import tsx services/src/launcher.ts >>"$state/n$i.log" 2>&1 &
  echo $! >"$state/n$i.pid"
}

start_psp_simulator() {
  PSP_SIMULATOR_PORT=$psp_port PSP_SIMULATOR_HOST=$host_ip \
    PSP_SIMULATOR_DATABASE_URL="postgres://postgres@127.0.0.1:5432/${database}_psp" \
    PSP_SIMULATOR_WEBHOOK_URL="http://127.0.0.1:$lb_port/api/payment-provider/notifications" \
    PSP_SIMULATOR_PUBLIC_URL="http://$host_ip:$psp_port" LOG_LEVEL=warn \
    setsid node --import tsx services/src/psp-simulator/main.ts >>"$state/psp-simulator.log" 2>&1 &
  echo $! >"$state/psp-simulator.pid"
}

# the pids of node n's processes running one role group (ROLES in their environment); with several
# api processes (node:cluster) their workers only (ALPENPASS_API_PROCESS), which the primary forks again
role_pids() {
  local i="$1" role="$2" pid environment roles found="" api_workers=""
  for pid in $(ip netns pids "$(node_ns "$i")"); do
    environment="$(tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null)" || continue
    if grep -q '^ALPENPASS_API_PROCESS=' <<<"$environment"; then api_workers="$api_workers $pid"; continue; fi
    roles="$(grep '^ROLES=' <<<"$environment" || true)"
    case "$role:$roles" in
      api:ROLES=api | worker:ROLES=worker | projector:ROLES=relay,projector) found="$found $pid" ;;
    esac
  done
  if [ "$role" = api ] && [ -n "$api_workers" ]; then echo $api_workers; else echo $found; fi
}

kill_role() {
  local pids
  pids="$(role_pids "$1" "$2")"
  if [ -z "$pids" ]; then log "node $1 runs no $2 process"; return 1; fi
  kill -KILL $pids
  log "node $1: $2 killed (kill -9 of pids $(echo $pids))"
}

start_nats() {
  mkdir -p "$state/nats"
  setsid "$(command -v nats-server || echo /usr/sbin/nats-server)" -a 127.0.0.1 -p "$nats_port" -js \
    -sd "$state/nats" >>"$state/nats.log" 2>&1 &
  echo $! >"$state/nats.pid"
  wait_for_port "127.0.0.1:$nats_port" 30 "the cluster's NATS"
}

stop_nats() {
  [ -f "$state/nats.pid" ] && kill -TERM "$(cat "$state/nats.pid")" 2>/dev/null || true
  for _ in $(seq 1 40); do port_open "127.0.0.1:$nats_port" || break; sleep 0.25; done
  rm -f "$state/nats.pid"
  log "the cluster's NATS stopped"
}

start_temporal() {
  TEMPORAL_ADDRESS="127.0.0.1:$temporal_port" TEMPORAL_UI_PORT="$((temporal_port + 1000))" \
    TEMPORAL_DATA_DIR="$state/temporal" bash infra/scripts/ensure-temporal.sh
}

# waits until the server has exited, not only closed its port: a new one must not open its SQLite database
# while the old one still writes it
stop_temporal() {
  local pattern="start-dev .*--port $temporal_port "
  pkill -TERM -f -- "$pattern" || return 0
  for _ in $(seq 1 120); do pgrep -f -- "$pattern" >/dev/null || return 0; sleep 0.25; done
  pkill -KILL -f -- "$pattern" || true
  sleep 1
}

# the mail server's bridge port in HAProxy's maintenance: a node's connection is closed at once
switch_mail() {
  echo "set server smtp/local state $1" | socat stdio "unix-connect:$state/haproxy.sock" >/dev/null
  log "mail server port: $1"
}

kill_psp() {
  [ -f "$state/psp-simulator.pid" ] && kill -KILL "$(cat "$state/psp-simulator.pid")" 2>/dev/null || true
  start_psp_simulator
  for _ in $(seq 1 120); do
    curl -s -o /dev/null --max-time 2 "http://$host_ip:$psp_port/" && { log "PSP simulator killed and started again"; return 0; }
    sleep 0.25
  done
  log "the PSP simulator did not come back"
  return 1
}

end_db_sessions() {
  psql -qtA "$pg_admin" -c "select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = '$database' and pid <> pg_backend_pid()"
}

# waits for /api/ready to answer 200; gives up early when the node's namespace has no process left
wait_ready() {
  local url="$1" what="$2" seconds="$3" ns="${4:-}" i
  for ((i = 0; i < seconds * 2; i++)); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$url/api/ready")" = 200 ] && return 0
    # the launcher's pid, not the namespace's: a node just started may not have entered it yet
    if [ -n "$ns" ] && ! kill -0 "$(cat "$state/${ns#apcl-}.pid")" 2>/dev/null; then
      log "$what stopped: $(tail -c 600 "$state/${ns#apcl-}.log")"
      return 1
    fi
    sleep 0.5
  done
  log "$what is not ready after ${seconds}s (logs in $state)"
  return 1
}

up() {
  local nodes="$1" i
  if ip link show "$bridge" >/dev/null 2>&1; then
    log "a cluster is up already: npm run cluster -- down"
    return 1
  fi
  reason="$(check)" || { log "cannot start a cluster: $reason"; return 1; }
  bash infra/scripts/ensure-services.sh || return 1
  bash infra/scripts/ensure-haproxy.sh || return 1
  mkdir -p "$state"
  rm -f "$state"/*.log "$state"/n*.pid
  drop_data
  sysctl -qw net.ipv4.ip_forward=1 >/dev/null || true
  ip link add "$bridge" type bridge
  ip addr add "$host_ip/24" dev "$bridge"
  ip link set "$bridge" up

  start_nats || return 1
  start_temporal || return 1
  haproxy_config "$nodes" >"$state/haproxy.cfg"
  haproxy -D -p "$state/haproxy.pid" -f "$state/haproxy.cfg" || return 1

  start_psp_simulator

  # with SHOP_CLOCK (services/src/platform/shop-clock.ts) every node's clock reads the same instant
  if [ -n "${SHOP_CLOCK:-}" ]; then
    export SHOP_CLOCK_STARTED_AT="${SHOP_CLOCK_STARTED_AT:-$(date +%s%3N)}"
    echo "$SHOP_CLOCK_STARTED_AT" >"$state/shop-clock-started-at"
  fi

  # the first node creates the database and loads the demo resort; the others join it
  start_node 1 true
  wait_ready "http://$(node_ip 1):$(node_port 1)" "node 1" 240 "$(node_ns 1)" || return 1
  for ((i = 2; i <= nodes; i++)); do start_node "$i" false; done
  for ((i = 2; i <= nodes; i++)); do
    wait_ready "http://$(node_ip "$i"):$(node_port "$i")" "node $i" 240 "$(node_ns "$i")" || return 1
  done
  wait_ready "http://127.0.0.1:$lb_port" "the balancer" 30 || return 1
  log "cluster up: $nodes nodes behind http://127.0.0.1:$lb_port (nodes on $(for ((i = 1; i <= nodes; i++)); do printf '%s:%s ' "$(node_ip "$i")" "$(node_port "$i")"; done)); logs in $state"
}

# extra variables for every node, e.g. CLUSTER_NODE_ENV="PROMO_CODE_ATTEMPTS_PER_MINUTE=5"
read -r -a CLUSTER_NODE_ENV <<<"${CLUSTER_NODE_ENV:-}"

command="${1:-}"
shift || true
case "$command" in
  up)
    nodes=2
    while [ "$#" -gt 0 ]; do
      case "$1" in
        --nodes) nodes="$2"; shift 2 ;;
        *) log "unknown option $1"; exit 2 ;;
      esac
    done
    case "$nodes" in 2|3) ;; *) log "--nodes is 2 or 3"; exit 2 ;; esac
    up "$nodes" || { down; exit 1; }
    ;;
  down) down ;;
  kill-node) kill_node "$1" ;;
  start-node)
    start_node "$1" false
    wait_ready "http://$(node_ip "$1"):$(node_port "$1")" "node $1" 240 "$(node_ns "$1")"
    log "node $1 started again"
    ;;
  kill-role) kill_role "$1" "$2" ;;
  cut-node) ip link set "apcl-n$1-h" down && log "node $1 cut off the network" ;;
  heal-node) ip link set "apcl-n$1-h" up && log "node $1 back on the network" ;;
  kill-psp) kill_psp ;;
  end-db-sessions) end_db_sessions ;;
  stop-nats) stop_nats ;;
  start-nats) start_nats && log "the cluster's NATS started again" ;;
  restart-temporal) stop_temporal && start_temporal && log "the cluster's Temporal started again" ;;
  refuse-mail) switch_mail maint ;;
  accept-mail) switch_mail ready ;;
  check) check ;;
  *)
    echo "usage: npm run cluster -- up [--nodes 2|3] | down | kill-node <n> | start-node <n> | kill-role <n> <api|worker|projector> | cut-node <n> | heal-node <n> | kill-psp | end-db-sessions | stop-nats | start-nats | restart-temporal | refuse-mail | accept-mail | check" >&2
    exit 2
    ;;
esac
