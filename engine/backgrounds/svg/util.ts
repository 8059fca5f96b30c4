/** Small helpers shared by the SVG builders: number formatting, colours, gradient stops, the document frame. */
import { parseColor } from '../../doc/color';
import type { Stop } from '../types';

/** Two decimals are plenty for pixels and keep the SVG short. */
export const n = (value: number): string => String(Math.round(value * 100) / 100);

/** `#RRGGBB[AA]` → the attributes librsvg and browsers both understand (8-digit hex is not universal). */
export function paint(color: string, attr: 'fill' | 'stop-color' | 'stroke' = 'fill', opacity = 1): string {
  const { r, g, b, a } = parseColor(color);
  const hex = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const alpha = a * opacity;
  const opacityAttr = attr === 'stop-color' ? 'stop-opacity' : `${attr}-opacity`;
  return alpha >= 1 ? `${attr}="${hex}"` : `${attr}="${hex}" ${opacityAttr}="${n(alpha)}"`;
}

/** Gradient `<stop>`s; bare colours are spread evenly from 0 to 1. */
export function stops(list: Stop[]): string {
  return list
    .map((stop, i) => {
      const { color, offset } = typeof stop === 'string' ? { color: stop, offset: list.length === 1 ? 0 : i / (list.length - 1) } : stop;
      return `<stop offset="${n(offset)}" ${paint(color, 'stop-color')}/>`;
    })
    .join('');
}

/** A gradient stop list fading one colour from `from` opacity to transparent. */
export function fade(color: string, from: number, to = 0, at: [number, number] = [0, 1]): string {
  return `<stop offset="${n(at[0])}" ${paint(color, 'stop-color', from)}/><stop offset="${n(at[1])}" ${paint(color, 'stop-color', to)}/>`;
}

/** The outer `<svg>` with explicit pixel size (librsvg rasterises at exactly this size). */
export function frame(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** The end points of a CSS-style linear gradient (0° = to top, 90° = to right) over a w × h box. */
export function linearEnds(angle: number, width: number, height: number): { x1: number; y1: number; x2: number; y2: number } {
  const rad = (angle * Math.PI) / 180;
  const dx = Math.sin(rad);
  const dy = -Math.cos(rad);
  // CSS: the gradient line is long enough for the corners to get the first and last colour.
  const half = (Math.abs(width * dx) + Math.abs(height * dy)) / 2;
  const cx = width / 2;
  const cy = height / 2;
  return { x1: cx - dx * half, y1: cy - dy * half, x2: cx + dx * half, y2: cy + dy * half };
}

/** A full-size rectangle painted with a CSS-style linear gradient (defs and body). */
export function linearRect(id: string, list: Stop[], angle: number, width: number, height: number): { defs: string; body: string } {
  const { x1, y1, x2, y2 } = linearEnds(angle, width, height);
  return {
    defs: `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops(list)}</linearGradient>`,
    body: `<rect width="${width}" height="${height}" fill="url(#${id})"/>`,
  };
}

/** A soft disc: a radial gradient from `color` at `opacity` to transparent (no blur filter: those are slow). */
export function glow(id: string, cx: number, cy: number, r: number, color: string, opacity: number, core = 0): { defs: string; body: string } {
  return {
    defs: `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${fade(color, opacity, 0, [core, 1])}</radialGradient>`,
    body: `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#${id})"/>`,
  };
}

/**
 * Mixes two colours (sRGB, straight) and returns `#RRGGBB`: t = 0 gives `a`, 1 gives `b`.
 * @example mix('#000000', '#FFFFFF', 0.5) // '#808080'
 */
export function mix(a: string, b: string, t: number): string {
  const ca = parseColor(a);
  const cb = parseColor(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ca.r, cb.r)}${channel(ca.g, cb.g)}${channel(ca.b, cb.b)}`.toUpperCase();
}

/** A full-size vignette: transparent in the middle, `strength` black in the corners. */
export function vignette(id: string, width: number, height: number, strength: number): { defs: string; body: string } {
  if (strength <= 0) return { defs: '', body: '' };
  return {
    defs: `<radialGradient id="${id}" cx="0.5" cy="0.45" r="0.78">${fade('#000000', 0, strength, [0.5, 1])}</radialGradient>`,
    body: `<rect width="${width}" height="${height}" fill="url(#${id})"/>`,
  };
}
