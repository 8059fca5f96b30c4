#!/usr/bin/env bash
# The TypeScript projects: every tsconfig.<name>.json but the shared base (tsconfig.json is the editor's
# all-in-one view). `--list` prints them, one per line (test-all.sh runs them side by side); without it,
# each is checked in turn. A new project file is picked up by both, with nothing else to edit.
set -eu -o pipefail
cd "$(dirname "$0")/.."
projects=()
for file in tsconfig.*.json; do
  [ "$file" = tsconfig.base.json ] || projects+=("$file")
done
if [ "${1:-}" = --list ]; then printf '%s\n' "${projects[@]}"; exit 0; fi
for project in "${projects[@]}"; do
  echo "tsc -p $project"
  npx tsc -p "$project"
done
