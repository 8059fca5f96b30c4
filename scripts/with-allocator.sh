#!/usr/bin/env bash
# Starts a server or worker process with the memory allocator it is meant to run with
# (server/src/config/allocator.ts says why): jemalloc (Debian libjemalloc2) preloaded when it is installed,
# otherwise glibc with a fixed mmap threshold. glibc and the dynamic loader read these only at process start,
# so they cannot be set from inside Node. An operator's own LD_PRELOAD or MALLOC_MMAP_THRESHOLD_ wins.
set -eu
if [ -z "${LD_PRELOAD:-}" ] && [ -z "${MALLOC_MMAP_THRESHOLD_:-}" ]; then
  for lib in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2; do
    if [ -f "$lib" ]; then export LD_PRELOAD="$lib" MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:2000,muzzy_decay_ms:0}"; break; fi
  done
  if [ -z "${LD_PRELOAD:-}" ]; then export MALLOC_MMAP_THRESHOLD_=131072; fi
fi
exec "$@"
