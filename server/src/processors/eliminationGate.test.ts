/**
 * The eraser's held-out gate (issue 26): four large holes (a cut-out erased beside its own twin, gcompris cut-outs
 * on darknet/skimage photos no fill rule was tuned on; tests/assets/erase-gate, built by bench/erase/buildGateSet.ts).
 * Over the set, the default fill must stay ahead of the mean-colour fill and the fast fill (Telea) in PSNR inside the
 * hole against the clean plate, and no composite may fall more than 0.5 dB below its figure in gate.json. A fill change
 * that pastes pieces of the twin into the hole again does not land quietly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config';
import { gateFills, psnrInHole } from './eliminationGate.testkit';

const GATE_DIR = path.join(PROJECT_ROOT, 'tests', 'assets', 'erase-gate');
type Figures = { mean: number; fast: number; best: number };
const gate = JSON.parse(readFileSync(path.join(GATE_DIR, 'gate.json'), 'utf8')) as { composites: Record<string, Figures> };
const names = Object.keys(gate.composites);
const average = (f: (x: Figures) => number, rows: Figures[]) => rows.reduce((a, x) => a + f(x), 0) / rows.length;

describe('eraser held-out gate (issue 26, large holes)', () => {
  const got: Record<string, Figures> = {};
  beforeAll(async () => {
    for (const name of names) {
      const read = (suffix: string) => readFileSync(path.join(GATE_DIR, `${name}${suffix}`));
      const photo = read('.jpg'),
        plate = read('.plate.jpg'),
        mask = read('.mask.png');
      const fills = await gateFills(photo, mask);
      got[name] = {
        mean: await psnrInHole(fills.mean, plate, mask),
        fast: await psnrInHole(fills.fast, plate, mask),
        best: await psnrInHole(fills.best, plate, mask),
      };
    }
  });

  it('beats the mean-colour fill and the fast fill over the set', () => {
    const rows = Object.values(got);
    expect(rows).toHaveLength(4);
    const best = average((x) => x.best, rows);
    expect(best).toBeGreaterThan(average((x) => x.mean, rows)); // built: 14.64 dB against 14.21
    expect(best).toBeGreaterThan(average((x) => x.fast, rows)); // and against 14.40
  });

  it('keeps every composite within 0.5 dB of its committed figure', () => {
    for (const name of names) expect(got[name].best, name).toBeGreaterThan(gate.composites[name].best - 0.5);
  });
});
