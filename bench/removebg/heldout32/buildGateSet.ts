/**
 * Builds the small held-out set of the cut-out gate test (server/src/models/cutoutGate.test.ts, issue 32
 * item 4) into tests/assets/cutout-gate/: two subjects with exact alpha from held-out packages that no rule
 * was tuned on (oxygen-icon-theme 256 px device icons; not the ones of the bench's held-out split), each on
 * the five background kinds (flat, gradient, saturated, a mate-backgrounds photo, a flare-game painting),
 * 320×240, JPEG q90, with the exact alpha as PNG. Then runs the IS-Net passes once per composite and writes
 * gate.json: the single pass's and the product's IoU per composite and mean per kind, the committed figures
 * the test compares against.
 *
 *   node --import tsx bench/removebg/heldout32/buildGateSet.ts            (sources: fetch-sources.sh)
 *   node --import tsx bench/removebg/heldout32/buildGateSet.ts --figures  (only re-measure gate.json)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_CUTOUT_OPTIONS } from '../../../server/src/models/cutoutPasses';
import { combinePasses, decodeUpright, resizeMask, runCutoutPasses } from '../../../server/src/models/removeBackground';
import { maskIoU } from '../metrics';
import { SOURCES32_DIR } from './build';

const here = path.dirname(fileURLToPath(import.meta.url));
export const GATE_DIR = path.resolve(here, '..', '..', '..', 'tests', 'assets', 'cutout-gate');
const W = 320,
  H = 240;

const SUBJECTS = [
  { id: 'printer', file: 'oxygen-icon-theme/usr/share/icons/oxygen/base/256x256/devices/printer.png', scale: 0.62 },
  { id: 'headphones', file: 'oxygen-icon-theme/usr/share/icons/oxygen/base/256x256/devices/audio-headphones.png', scale: 0.4 },
];
const BACKGROUNDS: Array<{ kind: string; make: () => Promise<Buffer>; source: string }> = [
  {
    kind: 'flat',
    source: '#e9e4dc',
    make: async () =>
      sharp({ create: { width: W, height: H, channels: 3, background: '#e9e4dc' } })
        .raw()
        .toBuffer(),
  },
  {
    kind: 'gradient',
    source: '#1f3b5a → #c9d6e3',
    make: async () => {
      const rgb = Buffer.alloc(W * H * 3);
      const a = [0x1f, 0x3b, 0x5a],
        b = [0xc9, 0xd6, 0xe3];
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) for (let c = 0; c < 3; c++) rgb[(y * W + x) * 3 + c] = Math.round(a[c] + ((b[c] - a[c]) * (x + y)) / (W + H - 2));
      return rgb;
    },
  },
  {
    kind: 'saturated',
    source: '#00a040',
    make: async () =>
      sharp({ create: { width: W, height: H, channels: 3, background: '#00a040' } })
        .raw()
        .toBuffer(),
  },
  {
    kind: 'busy',
    source: 'mate-backgrounds nature/RainDrops.jpg',
    make: async () => photo('mate-backgrounds/usr/share/backgrounds/mate/nature/RainDrops.jpg'),
  },
  {
    kind: 'illustration',
    source: 'flare-game fantasycore menus/backgrounds/ice_palace.png',
    make: async () => photo('flare-game/usr/share/games/flare/mods/fantasycore/images/menus/backgrounds/ice_palace.png'),
  },
];

const photo = (file: string) =>
  sharp(path.join(SOURCES32_DIR, file)).flatten({ background: '#808080' }).removeAlpha().resize(W, H, { fit: 'cover' }).raw().toBuffer();

async function build(): Promise<void> {
  mkdirSync(GATE_DIR, { recursive: true });
  for (const [si, s] of SUBJECTS.entries()) {
    const trimmed = await sharp(path.join(SOURCES32_DIR, s.file)).ensureAlpha().trim({ threshold: 0 }).png().toBuffer();
    const meta = await sharp(trimmed).metadata();
    const k = (s.scale * H) / Math.max(meta.width!, meta.height!);
    const fw = Math.round(meta.width! * k),
      fh = Math.round(meta.height! * k);
    const fg = await sharp(trimmed).resize(fw, fh, { fit: 'fill', kernel: 'lanczos3' }).ensureAlpha().raw().toBuffer();
    for (const [bi, bg] of BACKGROUNDS.entries()) {
      const rgb = Buffer.from(await bg.make());
      const left = Math.round((((bi * 37 + si * 101) % 100) / 100) * (W - fw)),
        top = Math.round((((bi * 53 + si * 17) % 100) / 100) * (H - fh));
      const alpha = Buffer.alloc(W * H);
      for (let y = 0; y < fh; y++) {
        for (let x = 0; x < fw; x++) {
          const f = (y * fw + x) * 4,
            a = fg[f + 3],
            p = (top + y) * W + left + x;
          alpha[p] = a;
          for (let c = 0; c < 3; c++) rgb[p * 3 + c] = Math.round((fg[f + c] * a + rgb[p * 3 + c] * (255 - a)) / 255);
        }
      }
      const name = `${s.id}@${bg.kind}`;
      await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
        .jpeg({ quality: 90 })
        .toFile(path.join(GATE_DIR, `${name}.jpg`));
      await sharp(alpha, { raw: { width: W, height: H, channels: 1 } })
        .png({ compressionLevel: 9 })
        .toFile(path.join(GATE_DIR, `${name}.alpha.png`));
    }
  }
}

async function figures(): Promise<void> {
  const rows: Record<string, { kind: string; single: number; product: number }> = {};
  for (const s of SUBJECTS) {
    for (const bg of BACKGROUNDS) {
      const name = `${s.id}@${bg.kind}`;
      const jpeg = readFileSync(path.join(GATE_DIR, `${name}.jpg`));
      const truth = new Uint8Array(
        await sharp(path.join(GATE_DIR, `${name}.alpha.png`))
          .extractChannel(0)
          .raw()
          .toBuffer(),
      );
      const { rgba, photo: size } = await decodeUpright(jpeg);
      const passes = await runCutoutPasses(rgba, size, DEFAULT_CUTOUT_OPTIONS);
      const single = maskIoU(await resizeMask(passes.firstMask, passes.first, size), truth);
      const product = maskIoU(await combinePasses(passes.firstMask, passes.first, size, passes.plans, passes.cropMasks, DEFAULT_CUTOUT_OPTIONS), truth);
      rows[name] = { kind: bg.kind, single: +single.toFixed(4), product: +product.toFixed(4) };
      console.log(
        `${name.padEnd(26)} single ${single.toFixed(4)} product ${product.toFixed(4)} (${passes.plans.length} second passes${passes.drawn ? ', drawn' : ''})`,
      );
    }
  }
  const kinds: Record<string, { single: number; product: number }> = {};
  for (const bg of BACKGROUNDS) {
    const rs = Object.values(rows).filter((r) => r.kind === bg.kind);
    kinds[bg.kind] = {
      single: +(rs.reduce((a, r) => a + r.single, 0) / rs.length).toFixed(4),
      product: +(rs.reduce((a, r) => a + r.product, 0) / rs.length).toFixed(4),
    };
  }
  const gate = {
    about:
      "Cut-out gate set (issue 32): built by bench/removebg/heldout32/buildGateSet.ts; the test fails when the product's mean IoU of a kind falls more than 0.01 below `kinds.<kind>.single`, the single pass measured when the set was built.",
    size: [W, H],
    sources: {
      subjects: SUBJECTS.map((s) => `Debian oxygen-icon-theme 5:5.103.0-1 ${path.basename(s.file)}`),
      backgrounds: BACKGROUNDS.map((b) => `${b.kind}: ${b.source}`),
    },
    kinds,
    composites: rows,
  };
  writeFileSync(path.join(GATE_DIR, 'gate.json'), JSON.stringify(gate, null, 1) + '\n');
}

async function main(): Promise<void> {
  if (!process.argv.includes('--figures')) await build();
  await figures();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
