#!/usr/bin/env bash
# npm start: real services up, the SPA and the server built (when their sources changed), then the roles in
# their processes (services/src/launcher.ts, compiled: no TypeScript loader in any process).
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/scripts/lib.sh
bash infra/scripts/ensure-services.sh
if [ -f web/package.json ]; then
  newest_source="$(find web/src web/index.html web/vite.config.* -newer web/dist/index.html 2>/dev/null | head -1 || true)"
  if [ ! -f web/dist/index.html ] || [ ! -f web/dist-server/entry-server.js ] || [ -n "$newest_source" ]; then
    log "building the web app"
    npm run build -w web >&2
  fi
fi
bash infra/scripts/build-server.sh
exec node dist/services/src/launcher.js
