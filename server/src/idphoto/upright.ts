/**
 * The "upright" frame of a portrait: the photo turned about the eye centre so the eye line is
 * level (roll corrected). Nothing is re-rendered to get there; points and samples are mapped
 * through the rotation, and the final crop samples the source once (render.ts).
 */
export type Point = { x: number; y: number };

export class Upright {
  private readonly cos: number;
  private readonly sin: number;

  /** `rollDeg`: the eye line's angle in the source (positive = the right-hand eye is lower). */
  constructor(
    readonly centre: Point,
    readonly rollDeg: number,
  ) {
    const r = (rollDeg * Math.PI) / 180;
    this.cos = Math.cos(r);
    this.sin = Math.sin(r);
  }

  /** Source point → upright point (rotated by −roll about the centre). */
  toUpright(p: Point): Point {
    const dx = p.x - this.centre.x;
    const dy = p.y - this.centre.y;
    return { x: this.centre.x + dx * this.cos + dy * this.sin, y: this.centre.y - dx * this.sin + dy * this.cos };
  }

  /** Upright point → source point. */
  toSource(q: Point): Point {
    const dx = q.x - this.centre.x;
    const dy = q.y - this.centre.y;
    return { x: this.centre.x + dx * this.cos - dy * this.sin, y: this.centre.y + dx * this.sin + dy * this.cos };
  }
}

/** A single-channel plane (alpha 0..255). */
export interface Plane {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Nearest sample of `plane` at source (x, y), or −1 outside the photo. */
export function sampleNearest(plane: Plane, x: number, y: number): number {
  const ix = Math.round(x);
  const iy = Math.round(y);
  if (ix < 0 || iy < 0 || ix >= plane.width || iy >= plane.height) return -1;
  return plane.data[iy * plane.width + ix];
}
