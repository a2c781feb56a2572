#!/usr/bin/env bash
# Installs catalog for the action from the action's own checkout ($ACTION_PATH):
# - already built and installed (a second use of the action in one job, or a local run): nothing to do;
# - a packaged release with dist/ committed: only the run-time dependencies;
# - a source checkout (a branch, or `uses: ./`): everything, then build.
set -euo pipefail
cd "${ACTION_PATH:?ACTION_PATH is the action checkout}"

if [ -f dist/action/main.js ] && [ -d node_modules ]; then
  echo "catalog is installed in $ACTION_PATH" >&2
elif [ -f dist/action/main.js ]; then
  npm ci --omit=dev --no-audit --no-fund
else
  npm ci --no-audit --no-fund
  npm run build
fi
