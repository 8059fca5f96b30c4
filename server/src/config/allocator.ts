/**
 * The memory allocator the server runs with (issue 15, item 4: peak RSS with the remover loaded).
 *
 * onnxruntime runs IS-Net without its own arena and allocates every activation (up to ~70 MB at a 1 MP pass)
 * with malloc. glibc raises its mmap threshold after the first large free, so later activations of up to 32 MB
 * come from the heap, where freed blocks stay resident and fragment: a cut-out's peak is ~0.25 GB above what the
 * live tensors need. Two cures, measured on cloth-1 (0.84 MP, 3 cut-outs each, the remover alone, idle machine):
 * - jemalloc (Debian libjemalloc2, preloaded): peak 731-753 → 525 MiB for ~12 % more CPU time per cut-out; sharp
 *   also uses all cores under jemalloc (it limits itself to one thread under glibc, against fragmentation);
 * - glibc with a fixed 128 KiB mmap threshold (every large block in its own mapping, returned when freed):
 *   peak → 481 MiB for ~25 % more CPU time (each block starts on fresh, zeroed pages).
 * Through the server (bench/removebg/server.ts, 5 photos, idle machine) jemalloc with {@link JEMALLOC_CONF} gave
 * peak 751 MiB and API total 15.4 s, the glibc threshold 761 MiB and 16.5 s.
 * jemalloc is used when installed (scripts/install-system-deps.sh installs it), the glibc setting otherwise.
 *
 * The loader and glibc read these only when a process starts, so they cannot be set from inside Node: the
 * launchers set them (scripts/with-allocator.sh, used by npm start, `npm run server` and `npm run worker`; the
 * benches that spawn the server use {@link withAllocatorEnv}), and an entry point started without either says so.
 */
import { existsSync } from 'node:fs';

/** Where Debian and other distributions install jemalloc; scripts/with-allocator.sh lists the same paths. */
export const JEMALLOC_PATHS: readonly string[] = Object.freeze([
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
]);

/**
 * jemalloc's options: freed pages are handed back after 2 s by a background thread instead of 10 s by the
 * allocating threads (through the server, 5 photos, idle machine: peak 751 MiB and the lowest API time, against
 * 812 MiB with jemalloc's defaults and 761 MiB with the glibc threshold).
 */
export const JEMALLOC_CONF = 'background_thread:true,dirty_decay_ms:2000,muzzy_decay_ms:0';

/** glibc's fallback setting when jemalloc is not installed. */
export const GLIBC_ALLOCATOR_ENV: Readonly<Record<string, string>> = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '131072' });

/** The allocator variables a launcher adds on this machine: jemalloc preloaded when found, else the glibc setting. */
export function allocatorEnv(exists: (file: string) => boolean = existsSync): Record<string, string> {
  const jemalloc = JEMALLOC_PATHS.find((file) => exists(file));
  return jemalloc ? { LD_PRELOAD: jemalloc, MALLOC_CONF: JEMALLOC_CONF } : { ...GLIBC_ALLOCATOR_ENV };
}

/** `env` with {@link allocatorEnv} added unless the operator chose an allocator setting (for launchers). */
export function withAllocatorEnv(env: NodeJS.ProcessEnv, exists?: (file: string) => boolean): NodeJS.ProcessEnv {
  const own = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
  if (own.LD_PRELOAD || own.MALLOC_MMAP_THRESHOLD_) return own;
  return { ...allocatorEnv(exists), ...own };
}

/** The allocator settings this process was started without (empty off Linux, where neither applies). */
export function missingAllocatorEnv(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string[] {
  if (platform !== 'linux') return [];
  if (/jemalloc/.test(env.LD_PRELOAD ?? '') || env.MALLOC_MMAP_THRESHOLD_) return [];
  return ['LD_PRELOAD (jemalloc) or MALLOC_MMAP_THRESHOLD_'];
}
