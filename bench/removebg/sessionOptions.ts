/**
 * Where a cut-out pass's time goes (issue 32, item 2): one IS-Net pass on the same photo with each
 * onnxruntime setting in question, each on its own session in this one process, rounds interleaved
 * (A B C … A B C …) so a loaded machine slows all of them alike. Prints per setting the median wall time
 * and the median CPU time of the process (process.cpuUsage: all threads, user + system), which moves
 * much less with the machine's load, and the RSS after loading.
 *
 *   bash scripts/with-allocator.sh node --import tsx bench/removebg/sessionOptions.ts [photo]
 *   BENCH_ROUNDS=3 BENCH_SIZE=1024x768 BENCH_ONLY=current,all …
 *
 * Settings (the product's today is "current": any-size model, 'extended', no arena, no memory pattern,
 * 2 intra-op threads that spin between ops, onnxruntime's default):
 * - all: graph optimisation 'all' (NCHWc conv kernels; also fp32 copies of the fp16 weights);
 * - nospin: session.intra_op.allow_spinning = 0 (threads sleep instead of spinning between ops);
 * - arena: the CPU memory arena and memory pattern on (as the library runs);
 * - fixed: the original 1024² model (imgly's) instead of the any-size copy, at 1024²;
 * - library1024: the library's own options (opt 'all', arena and pattern on, parallel execution) on the 1024² model
 *   (scripts/prepare-models.mjs joins the library's own chunks into it).
 * The allocator is the process's: run once under scripts/with-allocator.sh (jemalloc) and once without.
 */
import path from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import sharp from 'sharp';
import { modelFilePath } from '../../server/src/models/modelFiles';

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];

async function main(): Promise<void> {
  const ort = await import('onnxruntime-node');
  const photo = process.argv[2] ?? path.resolve('..', '..', '..', 'shared', 'fixtures', 'rembg', 'plants-1.jpg');
  const [w, h] = (process.env.BENCH_SIZE || '1024x768').split('x').map(Number);
  const rounds = Number(process.env.BENCH_ROUNDS || 3);
  const threads = Number(process.env.ORT_THREADS || 2);
  const base: InferenceSession.SessionOptions = {
    executionProviders: ['cpu'],
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    enableCpuMemArena: false,
    enableMemPattern: false,
    graphOptimizationLevel: 'extended',
  };
  const dynamic = modelFilePath('isnet-medium-dynamic.onnx');
  const fixed = modelFilePath('isnet-medium.onnx');
  const settings: Array<[string, string, InferenceSession.SessionOptions, [number, number]]> = [
    ['current', dynamic, base, [w, h]],
    ['all', dynamic, { ...base, graphOptimizationLevel: 'all' }, [w, h]],
    ['nospin', dynamic, { ...base, extra: { session: { intra_op: { allow_spinning: '0' } } } }, [w, h]],
    ['all+nospin', dynamic, { ...base, graphOptimizationLevel: 'all', extra: { session: { intra_op: { allow_spinning: '0' } } } }, [w, h]],
    ['arena', dynamic, { ...base, enableCpuMemArena: true, enableMemPattern: true }, [w, h]],
    ['fixed1024', fixed, base, [1024, 1024]],
    ['dynamic1024', dynamic, base, [1024, 1024]],
    ['library1024', fixed, { graphOptimizationLevel: 'all', executionMode: 'parallel' }, [1024, 1024]],
  ];
  const only = process.env.BENCH_ONLY?.split(',');
  const chosen = settings.filter(([name]) => !only || only.includes(name));
  const inputs = new Map<string, InstanceType<typeof ort.Tensor>>();
  for (const [, , , [iw, ih]] of chosen) {
    const key = `${iw}x${ih}`;
    if (inputs.has(key)) continue;
    const rgb = await sharp(photo).removeAlpha().resize(iw, ih, { fit: 'fill' }).raw().toBuffer();
    const plane = iw * ih,
      data = new Float32Array(3 * plane);
    for (let p = 0; p < plane; p++) for (let c = 0; c < 3; c++) data[c * plane + p] = (rgb[p * 3 + c] - 128) / 256;
    inputs.set(key, new ort.Tensor('float32', data, [1, 3, ih, iw]));
  }
  console.log(
    `IS-Net pass per session setting: ${path.basename(photo)}, ${rounds} rounds, ${threads} threads, LD_PRELOAD=${process.env.LD_PRELOAD ? path.basename(process.env.LD_PRELOAD) : 'none (glibc)'}`,
  );
  const sessions: Array<{ name: string; s: InferenceSession; key: string; rssMB: number }> = [];
  for (const [name, model, opts, [iw, ih]] of chosen) {
    const before = process.memoryUsage().rss;
    const s = await ort.InferenceSession.create(model, opts);
    await s.run({ [s.inputNames[0]]: inputs.get(`${iw}x${ih}`)! }); // warm-up (first-run allocations, kernel choice)
    sessions.push({ name, s, key: `${iw}x${ih}`, rssMB: (process.memoryUsage().rss - before) / 2 ** 20 });
  }
  const wall = new Map<string, number[]>(),
    cpu = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++) {
    for (const { name, s, key } of sessions) {
      const c0 = process.cpuUsage(),
        t0 = performance.now();
      await s.run({ [s.inputNames[0]]: inputs.get(key)! }, [s.outputNames[0]]);
      const c = process.cpuUsage(c0);
      (wall.get(name) ?? wall.set(name, []).get(name)!).push(performance.now() - t0);
      (cpu.get(name) ?? cpu.set(name, []).get(name)!).push((c.user + c.system) / 1000);
    }
  }
  const ref = median(cpu.get(sessions[0].name)!);
  for (const { name, key, rssMB } of sessions) {
    console.log(
      `  ${name.padEnd(13)} ${key.padEnd(10)} wall ${median(wall.get(name)!).toFixed(0).padStart(6)} ms  CPU ${median(cpu.get(name)!).toFixed(0).padStart(6)} ms (${(median(cpu.get(name)!) / ref).toFixed(2)}× ${sessions[0].name})  RSS +${rssMB.toFixed(0)} MiB at load`,
    );
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
