#!/usr/bin/env bash
# The whole test suite: type checks, lint, unit and integration tiers (real PostgreSQL, NATS, Temporal).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash infra/scripts/ensure-services.sh
bash infra/scripts/ensure-chromium.sh
npm run typecheck
npm run lint
npm run typecheck:web
# the browser tests (jest project e2e) drive the built SPA
npm run build:web
npx jest --ci --maxWorkers=3 --forceExit "$@"
