#!/bin/sh
# Extracts the Debian packages of the issue-32 cut-out sets into .data/heldout32/<package>/ (ignored by
# git). Needs apt (Debian bookworm); nothing else is downloaded. A package already extracted is skipped.
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
dest="${HELDOUT32_SOURCES:-$root/.data/heldout32}"
mkdir -p "$dest/debs"
for pkg in wesnoth-1.16-data endless-sky-data flare-game oxygen-icon-theme mate-backgrounds; do
  if [ -d "$dest/$pkg/usr" ]; then continue; fi
  (cd "$dest/debs" && apt-get download "$pkg")
  mkdir -p "$dest/$pkg"
  dpkg -x "$dest"/debs/"$pkg"_*.deb "$dest/$pkg"
done
rm -rf "$dest/debs"
echo "issue-32 cut-out sources ready in $dest"
