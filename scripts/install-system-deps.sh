#!/usr/bin/env bash
# Installs the Debian packages Lumacut uses, when apt-get is available and we may use it:
#   gmic      classical inpainting for the eraser, extender, watermark and scratch removal
#   apertium  offline prompt translation
#   chromium  (with --test) the browser the end-to-end tests drive
# Without them the product still starts; GET /api/health and the start-up log say what is degraded.
set -u
want=(gmic apertium)
[ "${1:-}" = "--test" ] && want+=(chromium)

missing=()
for program in "${want[@]}"; do
  command -v "$program" >/dev/null 2>&1 || missing+=("$program")
done
[ ${#missing[@]} -eq 0 ] && exit 0

run_apt() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo "$@"; else return 77; fi
}

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: apt-get is not available; not installed: ${missing[*]} (those tools are degraded)"
  exit 0
fi
echo "install-system-deps: installing ${missing[*]} from Debian…"
export DEBIAN_FRONTEND=noninteractive
if run_apt apt-get update -qq && run_apt apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
  echo "install-system-deps: done"
else
  status=$?
  [ $status = 77 ] && echo "install-system-deps: need root (or sudo) for apt-get; not installed: ${missing[*]}" \
    || echo "install-system-deps: apt-get failed; not installed: ${missing[*]} (those tools are degraded)"
fi
exit 0
