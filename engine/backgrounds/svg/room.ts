/**
 * Room corners for product shots: a lit wall, a floor or tabletop in perspective (plain, wood, tiles,
 * marble), optional window light, a podium and a little decor at the side. Drawn, not photographed.
 */
import { between, seededRandom } from '../random';
import type { RoomParams } from '../types';
import { fade, frame, linearRect, mix, n, paint } from './util';

/** Floor boards or tiles: lines converging to a point above the horizon, seams closer together far away. */
function floorLines(p: RoomParams, w: number, h: number, top: number, rand: () => number): string {
  if (p.floorKind === 'plain') return '';
  const accent = p.floorAccent ?? mix(p.floor, '#000000', 0.18);
  const vx = w / 2;
  const vy = top - h * 0.9;
  const depth = h - top;
  const rays = p.floorKind === 'tiles' ? 9 : 26;
  let out = `<g ${paint(accent, 'stroke', p.floorKind === 'marble' ? 0.28 : 0.55)} fill="none" stroke-linecap="round" clip-path="url(#floor)">`;
  if (p.floorKind === 'marble') {
    // A few long, thin, wandering veins.
    // A few long, faint veins drifting diagonally across the slab (flattened by the perspective).
    for (let i = 0; i < 5; i++) {
      let x = between(rand, -0.2, 1) * w;
      let y = top + rand() * depth * 0.2;
      let d = `M${n(x)} ${n(y)}`;
      for (let s = 0; s < 6; s++) {
        const nx = x + between(rand, 0.08, 0.2) * w;
        const ny = y + between(rand, 0.08, 0.22) * depth;
        d += ` Q${n((x + nx) / 2 + between(rand, -0.04, 0.04) * w)} ${n((y + ny) / 2)} ${n(nx)} ${n(ny)}`;
        [x, y] = [nx, ny];
      }
      out += `<path d="${d}" stroke-width="${n(between(rand, 0.5, 1.4) * (w / 800))}"/>`;
    }
    return `${out}</g>`;
  }
  const spread = w * 2.2;
  for (let i = 0; i <= rays; i++) {
    const bx = vx - spread / 2 + (spread * i) / rays;
    out += `<line x1="${n(vx)}" y1="${n(vy)}" x2="${n(bx)}" y2="${n(h)}" stroke-width="${n(w / 700)}"/>`;
  }
  const seams = p.floorKind === 'tiles' ? 6 : 14;
  for (let k = 1; k <= seams; k++) {
    const y = top + depth * Math.pow(k / seams, 1.5);
    if (p.floorKind === 'tiles') {
      out += `<line x1="0" y1="${n(y)}" x2="${n(w)}" y2="${n(y)}" stroke-width="${n(w / 700)}"/>`;
      continue;
    }
    // Wood: board ends are staggered, so each seam is a series of short strokes between two rays.
    for (let i = 0; i < rays; i++) {
      if (rand() < 0.8) continue; // boards are long: few ends per row
      const t = (y - vy) / (h - vy);
      const x1 = vx + (vx - spread / 2 + (spread * i) / rays - vx) * t;
      const x2 = vx + (vx - spread / 2 + (spread * (i + 1)) / rays - vx) * t;
      out += `<line x1="${n(x1)}" y1="${n(y)}" x2="${n(x2)}" y2="${n(y)}" stroke-width="${n(w / 900)}"/>`;
    }
  }
  return `${out}</g>`;
}

/** Soft slanted daylight patches on the wall: gradients, no blur filter. */
function windowLight(p: RoomParams, w: number, top: number): { defs: string; body: string } {
  if (!p.window) return { defs: '', body: '' };
  const { side, color, opacity } = p.window;
  const dir = side === 'left' ? 1 : -1;
  const x0 = side === 'left' ? w * 0.08 : w * 0.92;
  const defs = `<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1">${fade(color, opacity, opacity * 0.15)}</linearGradient>`;
  let body = '';
  const slant = dir * w * 0.22;
  for (const [offset, width] of [
    [0, 0.11],
    [0.15, 0.11],
    [0.3, 0.06],
  ] as const) {
    // Stacked copies, each a little wider and fainter: a soft penumbra without a (slow) blur filter.
    for (let k = 0; k < 4; k++) {
      const grow = w * 0.008 * k;
      const xa = x0 + dir * (w * offset - grow);
      const xb = x0 + dir * (w * (offset + width) + grow);
      body += `<polygon points="${n(xa)},${n(top * 0.08)} ${n(xb)},${n(top * 0.08)} ${n(xb + slant)},${n(top)} ${n(xa + slant)},${n(top)}" fill="url(#sun)" opacity="0.3"/>`;
    }
  }
  return { defs, body };
}

function podium(p: RoomParams, w: number, h: number, top: number): { defs: string; body: string } {
  if (!p.podium) return { defs: '', body: '' };
  const { color, shape } = p.podium;
  const pw = w * p.podium.width;
  const cx = w / 2;
  const defs =
    `<linearGradient id="pod" x1="0" y1="0" x2="1" y2="0"><stop offset="0" ${paint(mix(color, '#000000', 0.22), 'stop-color')}/>` +
    `<stop offset="0.45" ${paint(mix(color, '#FFFFFF', 0.08), 'stop-color')}/><stop offset="1" ${paint(mix(color, '#000000', 0.3), 'stop-color')}/></linearGradient>` +
    `<radialGradient id="podShadow">${fade('#000000', 0.35, 0, [0.55, 1])}</radialGradient>`;
  const cylinder = (width: number, base: number, height: number) => {
    const rx = width / 2;
    const ry = width * 0.09;
    return (
      `<ellipse cx="${n(cx)}" cy="${n(base + ry * 0.3)}" rx="${n(rx * 1.25)}" ry="${n(ry * 1.9)}" fill="url(#podShadow)"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(base)}" rx="${n(rx)}" ry="${n(ry)}" ${paint(mix(color, '#000000', 0.3))}/>` +
      `<rect x="${n(cx - rx)}" y="${n(base - height)}" width="${n(width)}" height="${n(height)}" fill="url(#pod)"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(base - height)}" rx="${n(rx)}" ry="${n(ry)}" ${paint(mix(color, '#FFFFFF', 0.12))}/>`
    );
  };
  const base = top + (h - top) * 0.62;
  let body = '';
  if (shape === 'arch') {
    const aw = pw * 1.25;
    const ah = top * 0.78;
    const ax = cx - aw / 2;
    body += `<path d="M${n(ax)} ${n(top)} L${n(ax)} ${n(top - ah + aw / 2)} A${n(aw / 2)} ${n(aw / 2)} 0 0 1 ${n(ax + aw)} ${n(top - ah + aw / 2)} L${n(ax + aw)} ${n(top)} Z" ${paint(mix(color, '#000000', 0.08))}/>`;
  }
  if (shape === 'steps') body += cylinder(pw * 1.35, base + h * 0.04, h * 0.07);
  body += cylinder(pw, base, h * (shape === 'steps' ? 0.16 : 0.12));
  return { defs, body };
}

function decor(p: RoomParams, w: number, h: number, top: number): string {
  if (!p.decor) return '';
  const c = p.decorColor ?? mix(p.wall, '#000000', 0.25);
  const x = w * 0.1;
  if (p.decor === 'frame') {
    const fw = w * 0.14;
    const fh = top * 0.34;
    return (
      `<rect x="${n(w * 0.8)}" y="${n(top * 0.22)}" width="${n(fw)}" height="${n(fh)}" ${paint(c)}/>` +
      `<rect x="${n(w * 0.8 + fw * 0.1)}" y="${n(top * 0.22 + fw * 0.1)}" width="${n(fw * 0.8)}" height="${n(fh - fw * 0.2)}" ${paint(mix(p.wall, '#FFFFFF', 0.35))}/>`
    );
  }
  if (p.decor === 'shelf') {
    const y = top * 0.4;
    return (
      `<rect x="${n(w * 0.68)}" y="${n(y)}" width="${n(w * 0.3)}" height="${n(h * 0.012)}" ${paint(c)}/>` +
      `<rect x="${n(w * 0.72)}" y="${n(y - h * 0.07)}" width="${n(w * 0.035)}" height="${n(h * 0.07)}" ${paint(mix(c, '#FFFFFF', 0.3))}/>` +
      `<circle cx="${n(w * 0.85)}" cy="${n(y - h * 0.035)}" r="${n(h * 0.035)}" ${paint(mix(c, '#FFFFFF', 0.15))}/>`
    );
  }
  // A potted plant: pot plus overlapping leaf ellipses fanning out.
  const potTop = top + (h - top) * 0.15;
  let out = `<path d="M${n(x - w * 0.04)} ${n(potTop)} L${n(x + w * 0.04)} ${n(potTop)} L${n(x + w * 0.03)} ${n(potTop + h * 0.1)} L${n(x - w * 0.03)} ${n(potTop + h * 0.1)} Z" ${paint(mix(c, '#FFFFFF', 0.4))}/>`;
  for (let i = 0; i < 7; i++) {
    const angle = -70 + i * 23;
    out += `<ellipse cx="${n(x)}" cy="${n(potTop - h * 0.09)}" rx="${n(w * 0.018)}" ry="${n(h * 0.1)}" ${paint(c, 'fill', 0.9)} transform="rotate(${angle} ${n(x)} ${n(potTop)})"/>`;
  }
  return out;
}

export function roomSvg(p: RoomParams, width: number, height: number): string {
  const rand = seededRandom(17);
  const top = Math.min(0.9, Math.max(0.35, p.horizon)) * height;
  const wall = linearRect('wall', [mix(p.wall, '#000000', 0.12), p.wall, mix(p.wall, '#FFFFFF', 0.06)], 160, width, top);
  const floor = linearRect('fl', [mix(p.floor, '#FFFFFF', 0.05), p.floor, mix(p.floor, '#000000', 0.14)], 180, width, height);
  const light = windowLight(p, width, top);
  const pod = podium(p, width, height, top);
  const defs =
    wall.defs + floor.defs + light.defs + pod.defs + `<clipPath id="floor"><rect y="${n(top)}" width="${width}" height="${n(height - top)}"/></clipPath>`;
  const board = p.baseboard ? `<rect y="${n(top - height * 0.025)}" width="${width}" height="${n(height * 0.025)}" ${paint(p.baseboard)}/>` : '';
  // The contact line between wall and floor gets a soft dark band (ambient occlusion).
  const occlusion = `<linearGradient id="ao" x1="0" y1="0" x2="0" y2="1">${fade('#000000', 0.18, 0)}</linearGradient>`;
  // A floor-coloured base under everything: anti-aliased seams between wall and floor must not let light through.
  const body =
    `<rect width="${width}" height="${height}" ${paint(p.floor)}/><rect width="${width}" height="${n(top)}" fill="url(#wall)"/>${light.body}${board}` +
    `<rect y="${n(top)}" width="${width}" height="${n(height - top)}" fill="url(#fl)"/>${floorLines(p, width, height, top, rand)}${decor(p, width, height, top)}` +
    `<rect y="${n(top)}" width="${width}" height="${n((height - top) * 0.12)}" fill="url(#ao)"/>${pod.body}`;
  return frame(width, height, defs + occlusion, body);
}
