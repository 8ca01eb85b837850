#!/usr/bin/env bash
# The production dependencies of a production build (infra/scripts/build-production.sh copies this script
# into it as install-dependencies.sh): the server workspaces' dependencies without the dev ones, less what
# the shop never loads. The Dockerfile's runtime stage and the production-build test both run it.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --omit=dev --no-audit --no-fund --loglevel=error -w contracts -w infra -w projections -w workflows -w services
# TypeScript comes along as an optional peer of cosmiconfig (mjml → htmlnano → cosmiconfig), which loads it
# only to read configuration files written in TypeScript; the shop has none
rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver
# the Temporal core's builds for macOS and Windows (the Linux ones stay for amd64 and arm64)
rm -rf node_modules/@temporalio/core-bridge/releases/*-apple-darwin node_modules/@temporalio/core-bridge/releases/*-windows-msvc
