/**
 * The glibc allocator setting the server runs with (issue 15, item 4: peak RSS with the remover loaded).
 *
 * onnxruntime runs IS-Net without its own arena and allocates every activation (up to ~70 MB at a 1 MP pass)
 * with malloc. glibc raises its mmap threshold after the first large free, so later activations of up to 32 MB
 * come from the heap, where freed blocks stay resident and fragment: a cut-out's peak was ~0.3 GB above what the
 * live tensors need (bench/removebg/memory.ts: 768 → 477 MiB for the remover alone). A fixed threshold keeps
 * every block of 128 KiB or more in its own mapping, handed back to the system when freed. The price is CPU: each
 * such block starts on fresh (zeroed) pages, ~2.3× the page faults and ~25-35 % more CPU time per cut-out (two
 * runs on cloth-1, 0.84 MP, on a loaded 2-core machine); an operator who prefers speed sets a huge value.
 *
 * glibc reads it once, when the process starts, so it cannot be set from inside Node: the launchers set it
 * (scripts/serve.sh, the npm scripts `server` and `worker`, the benches that spawn the server; a guard test
 * keeps them equal to this value), and an entry point started without it says so (README "Configuration").
 */
export const ALLOCATOR_ENV: Readonly<Record<string, string>> = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '131072' });

/** `env` with {@link ALLOCATOR_ENV} added where the operator did not set the variable (for launchers). */
export function withAllocatorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...ALLOCATOR_ENV, ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) };
}

/** The allocator variables this process was started without (empty off Linux, where glibc does not read them). */
export function missingAllocatorEnv(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string[] {
  const missing = Object.keys(ALLOCATOR_ENV).filter((name) => !env[name]);
  return platform === 'linux' ? missing : [];
}
