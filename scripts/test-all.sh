#!/usr/bin/env bash
# `npm test`: every test there is. Type check, unit and server tests (PGlite, and PostgreSQL too
# when DATABASE_URL is set), the production build, then the end-to-end tests in Chromium.
set -eu -o pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-deps.sh --test
[ -f server/.models/isnet-medium.onnx ] || node scripts/prepare-models.mjs
node scripts/build-font-manifest.mjs
logs=$(mktemp -d)
# Each phase prints its wall time; the summary at the end lists them all.
timings=()
phase_start=$SECONDS
phase() {
  [ -n "${phase_name:-}" ] && timings+=("$phase_name: $((SECONDS - phase_start)) s")
  phase_name=$1
  phase_start=$SECONDS
  [ -n "$1" ] && echo "== $1"
  return 0
}
phase "static checks: types (every project), layer boundaries, dead code (knip), lint and formatting (Biome), two at a time"
# Independent read-only checks: each writes its own log, printed when it ends; the phase fails if any failed.
checks=()
# One type check per TypeScript project (scripts/typecheck.sh lists them).
for project in $(bash scripts/typecheck.sh --list); do
  name=${project#tsconfig.}
  checks+=("types (${name%.json})|npx tsc -p $project")
done
checks+=(
  "layer boundaries|npx depcruise engine machines src server shaders -c .dependency-cruiser.cjs"
  "dead code (knip: unused files, dependencies, binaries, exports and types fail)|npm run --silent check:dead"
  "lint and formatting (Biome check: rules for real bugs, and every file as npm run format writes it)|npm run --silent lint"
)
run_check() {
  local name=${1%%|*} cmd=${1#*|} log="$logs/check-$2.log" start=$SECONDS
  if bash -c "$cmd" >"$log" 2>&1; then
    echo "-- $name: ok ($((SECONDS - start)) s)"
  else
    echo "-- $name: FAILED ($((SECONDS - start)) s)"
    cat "$log"
    touch "$logs/check-$2.failed"
  fi
}
for i in "${!checks[@]}"; do
  # At most two at a time (the CI machine has two cores).
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done
  run_check "${checks[$i]}" "$i" &
done
wait
if compgen -G "$logs/check-*.failed" >/dev/null; then echo "static checks failed"; exit 1; fi
phase "unit and server tests${DATABASE_URL:+ (PGlite and PostgreSQL)}"
NO_COLOR=1 npx vitest run 2>&1 | tee "$logs/unit.log"
phase "build"
npx vite build --logLevel warn
node scripts/build-server.mjs
phase "end-to-end tests"
NO_COLOR=1 npx playwright test 2>&1 | tee "$logs/e2e.log"
phase ""
echo
echo "Phase timings:"
printf '  %s\n' "${timings[@]}"
echo "  total: ${SECONDS} s"
# Counts for the closing line; colour codes are stripped first (some runners ignore NO_COLOR).
count() { sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -Eo "$2" | grep -Eo '[0-9]+' | tail -1 || true; }
unit=$(count "$logs/unit.log" 'Tests +[0-9]+ passed')
e2e=$(count "$logs/e2e.log" '^ *[0-9]+ passed')
echo
echo "${unit:-0} unit and server tests, ${e2e:-0} end-to-end tests"
echo "$(( ${unit:-0} + ${e2e:-0} )) passed, 0 failed"
