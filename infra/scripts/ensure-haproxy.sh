#!/usr/bin/env bash
# Makes sure HAProxy (the cluster topology's load balancer) is installed, from Debian's packages.
set -euo pipefail
source "$(cd "$(dirname "$0")" && pwd)/lib.sh"
command -v haproxy >/dev/null 2>&1 && exit 0
log "installing HAProxy"
if [ "$(id -u)" = 0 ]; then
  apt-get install -y haproxy >/dev/null || { apt-get update >/dev/null && apt-get install -y haproxy >/dev/null; }
else
  sudo apt-get install -y haproxy >/dev/null
fi
