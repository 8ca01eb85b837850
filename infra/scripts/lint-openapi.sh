#!/usr/bin/env bash
# redocly lint (redocly.yaml: its recommended rules) over the OpenAPI document the shop serves, written to a
# temporary file without starting the shop or a database.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# the ticket context loads (or makes) its signing key when built: a throw-away one here
TICKET_SIGNING_KEY_FILE="$scratch/ticket-signing-key.pem" LOG_LEVEL=warn \
  npx tsx services/src/cli/openapi-document.ts "$scratch/openapi.json"
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
  npx redocly lint --config redocly.yaml --format=stylish "$scratch/openapi.json"
