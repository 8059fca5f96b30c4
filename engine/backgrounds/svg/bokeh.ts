/** Out-of-focus light discs: soft-edged circles with a faint bright rim, like a fast lens wide open. */
import { between, seededRandom } from '../random';
import type { BokehParams } from '../types';
import { frame, linearRect, n, paint } from './util';

export function bokehSvg(p: BokehParams, width: number, height: number): string {
  const rand = seededRandom(p.seed);
  const short = Math.min(width, height);
  const background = linearRect('bg', p.background.stops, p.background.angle, width, height);
  const [bandTop, bandBottom] = p.band ?? [0, 1];
  let defs = background.defs;
  // One gradient per colour and softness step is enough; discs reuse them (objectBoundingBox units).
  const softness = [0.55, 0.75, 0.9];
  p.colors.forEach((color, c) => {
    softness.forEach((edge, s) => {
      defs +=
        `<radialGradient id="d${c}_${s}"><stop offset="0" ${paint(color, 'stop-color', 0.75)}/>` +
        `<stop offset="${n(edge)}" ${paint(color, 'stop-color', 0.9)}/><stop offset="${n(Math.min(0.97, edge + 0.06))}" ${paint(color, 'stop-color', 1)}/>` +
        `<stop offset="1" ${paint(color, 'stop-color', 0)}/></radialGradient>`;
    });
  });
  let body = background.body;
  // Big faint discs first (further away), small brighter ones on top.
  const discs = Array.from({ length: p.count }, () => ({
    x: rand() * width,
    y: between(rand, bandTop, bandBottom) * height,
    r: between(rand, p.size[0], p.size[1]) * short,
    o: between(rand, p.opacity[0], p.opacity[1]),
    c: Math.floor(rand() * p.colors.length),
    s: Math.floor(rand() * softness.length),
  })).sort((a, b) => b.r - a.r);
  for (const d of discs) {
    body += `<circle cx="${n(d.x)}" cy="${n(d.y)}" r="${n(d.r)}" fill="url(#d${d.c}_${d.s})" opacity="${n(d.o)}"/>`;
  }
  return frame(width, height, defs, body);
}
