#!/usr/bin/env bash
# Makes pgbench available for the price-generation baseline. Installs only when it is missing, from
# Debian's packages (pgbench ships with the server package up to PostgreSQL 15, with the client
# package from 16 on). Exits 0 when pgbench runs afterwards, 1 otherwise (the benchmark then falls
# back to its in-process insert loop).
set -u

runs() { pgbench --version >/dev/null 2>&1; }

runs && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "pgbench is missing and apt-get is not usable here" >&2
  exit 1
fi
echo "pgbench is missing: installing postgresql-client from Debian's packages" >&2
export DEBIAN_FRONTEND=noninteractive
timeout 300 apt-get update -qq >/dev/null 2>&1 || true
timeout 300 apt-get install -y -qq --no-install-recommends postgresql-client >/dev/null 2>&1 || true
if runs; then exit 0; fi
echo "pgbench still missing (on PostgreSQL 15 and older it comes with the server package)" >&2
exit 1
