#!/usr/bin/env bash
# The shop as the production image runs it, assembled in OUT (default dist/production): the server
# packages compiled to JavaScript by tsc (tsconfig.dist.json), the built SPA, the demo catalogue, and
# each workspace's package.json pointing at its compiled entry. Production dependencies are not
# installed here: `bash install-dependencies.sh` in OUT does that (the Dockerfile's runtime stage, the
# test of this script). Plain `node services/src/main.js` in OUT then runs any role.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/scripts/lib.sh
out="${1:-dist/production}"
server_packages=(contracts infra projections workflows services)

log "compiling the server packages (tsc -b tsconfig.dist.json)"
# from scratch: an incremental build would keep the output of sources that were moved or deleted
rm -rf dist/contracts dist/infra dist/projections dist/workflows dist/services dist/*.tsbuildinfo
npx tsc -b tsconfig.dist.json
if [ "${SKIP_WEB_BUILD:-}" != "1" ]; then
  log "building the web app"
  npm run build -w web >&2
fi

rm -rf "$out"
mkdir -p "$out"
cp package.json package-lock.json "$out/"
cp infra/scripts/install-production-deps.sh "$out/install-dependencies.sh"
for package in "${server_packages[@]}"; do
  mkdir -p "$out/$package"
  cp -r "dist/$package/src" "$out/$package/src"
  # only the JavaScript: the declarations stay behind
  find "$out/$package/src" -name '*.d.ts' -delete
  node -e '
    const [from, to] = process.argv.slice(1);
    const manifest = JSON.parse(require("node:fs").readFileSync(from, "utf8"));
    manifest.main = "src/index.js";
    delete manifest.types;
    require("node:fs").writeFileSync(to, JSON.stringify(manifest, null, 2) + "\n");
  ' "$package/package.json" "$out/$package/package.json"
done
mkdir -p "$out/web" "$out/infra/demo"
cp web/package.json "$out/web/"
cp -r web/dist "$out/web/dist"
# the server bundle the api role renders the public pages with (platform/http/rendered-pages.ts)
cp -r web/dist-server "$out/web/dist-server"
cp infra/demo/catalogue.json "$out/infra/demo/"
log "production build in $out"
