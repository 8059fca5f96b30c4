/** The part of fontkit (MIT, no bundled types) that the test text renderer and scripts/build-font-manifest.mjs use. */
declare module 'fontkit' {
  export interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    args: number[];
  }
  export interface Glyph {
    path: { commands: PathCommand[] };
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: Array<{ xAdvance: number }>;
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    layout(text: string): GlyphRun;
  }
  /** A font, or a collection of fonts (a .ttc file). */
  export function create(buffer: Buffer): Font | unknown;
  export function openSync(path: string): Font | unknown;
}
