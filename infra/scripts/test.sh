#!/usr/bin/env bash
# The whole test suite: formatting, type checks, lint, unit and integration tiers (real PostgreSQL, NATS, Temporal).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash infra/scripts/ensure-services.sh
bash infra/scripts/ensure-chromium.sh
npm run format:check
npm run typecheck
npm run lint
npm run lint:openapi
npm run typecheck:web
# the browser tests (jest project e2e) drive the built SPA
npm run build:web
jest=(npx jest --ci --forceExit)
if [ "$#" -gt 0 ]; then
  exec "${jest[@]}" --maxWorkers=3 "$@"
fi
# Two passes: every browser test starts a whole shop (API cluster, relay, worker, PSP simulator) and a
# chromium, so on two cores they ran beside the integration tier only by starving it (a run whose
# route-probing suite timed out while three browser suites shared the machine with it).
status=0
"${jest[@]}" --maxWorkers=3 --selectProjects unit integration web || status=$?
"${jest[@]}" --maxWorkers=2 --selectProjects e2e || status=$?
# shop nodes in network namespaces behind HAProxy; skipped with the reason where namespaces cannot be made
"${jest[@]}" --maxWorkers=1 --selectProjects cluster || status=$?
exit "$status"
