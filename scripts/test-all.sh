#!/usr/bin/env bash
# `npm test`: every test there is. Type check, unit and server tests (PGlite, and PostgreSQL too
# when DATABASE_URL is set), the production build, then the end-to-end tests in Chromium.
set -eu
cd "$(dirname "$0")/.."
bash scripts/install-system-deps.sh --test
[ -f server/.models/isnet-medium.onnx ] || node scripts/prepare-models.mjs
echo "== type check"
npx tsc -p tsconfig.json --noEmit
echo "== unit and server tests${DATABASE_URL:+ (PGlite and PostgreSQL)}"
npx vitest run
echo "== build"
npx vite build --logLevel warn
echo "== end-to-end tests"
npx playwright test
