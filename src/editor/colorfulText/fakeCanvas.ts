/**
 * A recording stand-in for CanvasRenderingContext2D, for node tests of the colourful-text renderer:
 * it keeps the drawing state (with save/restore), a scale+translate transform, and logs every draw
 * with the state it was drawn in. Glyphs measure `fontSize / 2` per character.
 */
export interface DrawCall {
  canvas: string;
  op: 'fillText' | 'strokeText' | 'fillRect' | 'drawImage';
  text?: string;
  x: number;
  y: number;
  paint: unknown;
  lineWidth: number;
  lineJoin: string;
  alpha: number;
  filter: string;
  shadowBlur: number;
  composite: string;
  /** Device-space scale (a) and translation (e, f) at the time of the call. */
  matrix: { a: number; d: number; e: number; f: number };
}

export interface FakeGradient {
  kind: 'gradient';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  stops: Array<[number, string]>;
}

const STATE_KEYS = [
  'fillStyle',
  'strokeStyle',
  'globalAlpha',
  'filter',
  'font',
  'letterSpacing',
  'lineWidth',
  'lineJoin',
  'lineCap',
  'miterLimit',
  'textBaseline',
  'textAlign',
  'globalCompositeOperation',
  'shadowBlur',
  'shadowColor',
  'shadowOffsetX',
  'shadowOffsetY',
] as const;

export class FakeContext {
  fillStyle: unknown = '#000000';
  strokeStyle: unknown = '#000000';
  globalAlpha = 1;
  filter = 'none';
  font = '10px sans-serif';
  letterSpacing = '0px';
  lineWidth = 1;
  lineJoin = 'miter';
  lineCap = 'butt';
  miterLimit = 10;
  textBaseline = 'alphabetic';
  textAlign = 'start';
  globalCompositeOperation = 'source-over';
  shadowBlur = 0;
  shadowColor = 'transparent';
  shadowOffsetX = 0;
  shadowOffsetY = 0;
  private m = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };
  private stack: Array<Record<string, unknown>> = [];

  constructor(
    readonly canvas: { width: number; height: number; name: string },
    readonly calls: DrawCall[],
    options: { filter?: boolean } = {},
  ) {
    if (options.filter === false) delete (this as { filter?: string }).filter;
  }

  save() {
    this.stack.push({ ...Object.fromEntries(STATE_KEYS.map((k) => [k, (this as Record<string, unknown>)[k]])), m: { ...this.m } });
  }
  restore() {
    const s = this.stack.pop();
    if (!s) return;
    for (const k of STATE_KEYS) if (k in this || k !== 'filter') (this as Record<string, unknown>)[k] = s[k];
    this.m = s.m as typeof this.m;
  }
  translate(x: number, y: number) {
    this.m.e += this.m.a * x;
    this.m.f += this.m.d * y;
  }
  scale(x: number, y: number) {
    this.m.a *= x;
    this.m.d *= y;
  }
  getTransform() {
    return { ...this.m };
  }
  setTransform(a: number | { a: number; b: number; c: number; d: number; e: number; f: number }, b = 0, c = 0, d = 1, e = 0, f = 0) {
    this.m = typeof a === 'object' ? { ...a } : { a, b, c, d, e, f };
  }
  measureText(text: string) {
    return { width: Array.from(text).length * (parseFloat(this.font) / 2) };
  }
  createLinearGradient(x0: number, y0: number, x1: number, y1: number) {
    const g: FakeGradient & { addColorStop(o: number, c: string): void } = {
      kind: 'gradient',
      x0,
      y0,
      x1,
      y1,
      stops: [],
      addColorStop(o, c) {
        g.stops.push([o, c]);
      },
    };
    return g;
  }
  fillText(text: string, x: number, y: number) {
    this.log('fillText', x, y, text, this.fillStyle);
  }
  strokeText(text: string, x: number, y: number) {
    this.log('strokeText', x, y, text, this.strokeStyle);
  }
  fillRect(x: number, y: number) {
    this.log('fillRect', x, y, undefined, this.fillStyle);
  }
  drawImage(image: unknown, x: number, y: number) {
    this.log('drawImage', x, y, undefined, image);
  }

  private log(op: DrawCall['op'], x: number, y: number, text: string | undefined, paint: unknown) {
    this.calls.push({
      canvas: this.canvas.name,
      op,
      text,
      x,
      y,
      paint,
      lineWidth: this.lineWidth,
      lineJoin: this.lineJoin,
      alpha: this.globalAlpha,
      filter: (this as { filter?: string }).filter ?? 'unsupported',
      shadowBlur: this.shadowBlur,
      composite: this.globalCompositeOperation,
      matrix: { a: this.m.a, d: this.m.d, e: this.m.e, f: this.m.f },
    });
  }
}

/** Installs a fake OffscreenCanvas whose contexts log into `calls` as "offscreen-<n>". */
export function fakeOffscreenCanvas(calls: DrawCall[]) {
  let n = 0;
  return class {
    readonly name = `offscreen-${++n}`;
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return new FakeContext(this, calls);
    }
  };
}
