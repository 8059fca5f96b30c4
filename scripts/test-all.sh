#!/usr/bin/env bash
# `npm test`: every test there is. Type check, unit and server tests (PGlite, and PostgreSQL too
# when DATABASE_URL is set), the production build, then the end-to-end tests in Chromium.
set -eu -o pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-deps.sh --test
[ -f server/.models/isnet-medium.onnx ] || node scripts/prepare-models.mjs
logs=$(mktemp -d)
echo "== type check"
npx tsc -p tsconfig.json --noEmit
echo "== unit and server tests${DATABASE_URL:+ (PGlite and PostgreSQL)}"
FORCE_COLOR=0 npx vitest run 2>&1 | tee "$logs/unit.log"
echo "== build"
npx vite build --logLevel warn
echo "== end-to-end tests"
FORCE_COLOR=0 npx playwright test 2>&1 | tee "$logs/e2e.log"
unit=$(grep -Eo 'Tests +[0-9]+ passed' "$logs/unit.log" | grep -Eo '[0-9]+' | tail -1)
e2e=$(grep -Eo '^ *[0-9]+ passed' "$logs/e2e.log" | grep -Eo '[0-9]+' | tail -1)
echo
echo "${unit:-0} unit and server tests, ${e2e:-0} end-to-end tests"
echo "$(( ${unit:-0} + ${e2e:-0} )) passed, 0 failed"
