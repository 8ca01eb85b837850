#!/usr/bin/env bash
# Browser tests drive Debian's chromium through playwright-core; a test tool's own browser
# download cannot work on these machines, so the Debian package is installed when missing.
set -euo pipefail

CHROMIUM_PATH=/usr/bin/chromium

if [ -x "$CHROMIUM_PATH" ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
else
  as_root=(sudo)
fi

echo "chromium not found at $CHROMIUM_PATH: installing the Debian package" >&2
"${as_root[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -q chromium

"$CHROMIUM_PATH" --version
