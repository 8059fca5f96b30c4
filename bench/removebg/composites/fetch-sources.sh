#!/bin/sh
# Extracts the Debian packages the background-removal composites are made from into
# .data/removebg-sources/<package>/ (ignored by git). Needs apt (Debian bookworm sources);
# nothing else is downloaded. Re-running is cheap: a package already extracted is skipped.
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
dest="${REMOVEBG_SOURCES:-$root/.data/removebg-sources}"
mkdir -p "$dest/debs"
for pkg in tuxpaint-stamps-default gcompris-qt-data python3-skimage darknet; do
  if [ -f "$dest/$pkg/.done" ]; then continue; fi
  (cd "$dest/debs" && apt-get download "$pkg")
  mkdir -p "$dest/$pkg"
  dpkg -x "$dest"/debs/"$pkg"_*.deb "$dest/$pkg"
  touch "$dest/$pkg/.done"
done
rm -rf "$dest/debs"
echo "removebg sources ready in $dest"
