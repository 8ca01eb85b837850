#!/usr/bin/env bash
# The server packages compiled to JavaScript in dist/ for `npm start` and the benches: tsc -b
# tsconfig.dist.json, incremental (a build with nothing changed only compares its inputs' stamps), then
# dist/ laid out like the production image (build-production.sh) so that `node
# dist/services/src/launcher.js` runs: dist/node_modules/@alpenpass/<package> is the compiled package (a
# package.json whose main is src/index.js, src pointing at dist/<package>/src), and the folders the code
# finds from __dirname (.data, web/dist, infra/demo, services' own dependencies) point back at the
# checkout's. Last, the
# worker's workflow bundle (bundle-workflows.cjs), so that the worker does not run webpack at every start.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/scripts/lib.sh
server_packages=(contracts infra projections workflows services)

# an incremental build keeps the output of sources moved or deleted since: drop it first
for package in "${server_packages[@]}"; do
  [ -d "dist/$package/src" ] || continue
  while IFS= read -r output; do
    source_file="$package/${output#dist/"$package"/}"
    source_file="${source_file%.js}"
    [ -f "$source_file.ts" ] || [ -f "$source_file.tsx" ] || rm -f "$output" "${output%.js}.d.ts"
  done < <(find "dist/$package/src" -name '*.js' ! -name workflow-bundle.js)
done

started=$(date +%s%N)
node_modules/.bin/tsc -b tsconfig.dist.json
log "server compiled in $(( ($(date +%s%N) - started) / 1000000 )) ms (tsc -b tsconfig.dist.json)"

mkdir -p dist/node_modules/@alpenpass .data
# the manifests live under node_modules, where jest's module map does not look (a second package.json
# of the same name beside the sources would be a naming collision to it)
for package in "${server_packages[@]}"; do
  link="dist/node_modules/@alpenpass/$package"
  mkdir -p "$link"
  printf '{ "name": "@alpenpass/%s", "private": true, "main": "src/index.js" }\n' "$package" >"$link/package.json"
  ln -sfn "../../../$package/src" "$link/src"
done
ln -sfn ../../services/node_modules dist/services/node_modules
ln -sfn ../../infra/demo dist/infra/demo
ln -sfn ../web dist/web
ln -sfn ../.data dist/.data
node infra/scripts/bundle-workflows.cjs
