/**
 * The browser pieces the font registry uses, behind one small interface so unit tests can pass
 * fakes (node has no FontFace, document.fonts or canvas).
 */

/** What the registry needs of a FontFace. */
export interface FontFaceLike {
  load(): Promise<unknown>;
}

/** What the registry needs of a fetch Response. */
export interface ResponseLike {
  ok: boolean;
  status: number;
  arrayBuffer(): Promise<ArrayBuffer>;
  json(): Promise<unknown>;
}

export interface FontEnv {
  fetch(url: string): Promise<ResponseLike>;
  /** `new FontFace(family, source, descriptors)`; a string source is a CSS `url(...)`, loaded lazily by the browser. */
  createFace(family: string, source: ArrayBuffer | string, descriptors: FontFaceDescriptors): FontFaceLike;
  /** document.fonts */
  fonts: {
    add(face: FontFaceLike): unknown;
    delete(face: FontFaceLike): unknown;
    load(font: string, text?: string): Promise<unknown>;
  };
  /** Ascent and descent in px that canvas reports for a CSS font, or null where the browser cannot tell. */
  measure(cssFont: string): { ascent: number; descent: number } | null;
}

let measureContext: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null | undefined;

function canvasMeasure(cssFont: string): { ascent: number; descent: number } | null {
  if (measureContext === undefined) {
    measureContext =
      typeof OffscreenCanvas !== 'undefined'
        ? new OffscreenCanvas(1, 1).getContext('2d')
        : typeof document !== 'undefined'
          ? document.createElement('canvas').getContext('2d')
          : null;
  }
  if (!measureContext) return null;
  measureContext.font = cssFont;
  const m = measureContext.measureText('Hg');
  // fontBoundingBox* is missing in older browsers: the manifest metrics are used then.
  if (typeof m.fontBoundingBoxAscent !== 'number' || typeof m.fontBoundingBoxDescent !== 'number') return null;
  return { ascent: m.fontBoundingBoxAscent, descent: m.fontBoundingBoxDescent };
}

/** The real browser environment. */
export function browserFontEnv(): FontEnv {
  return {
    fetch: (url) => fetch(url),
    createFace: (family, source, descriptors) => new FontFace(family, source, descriptors),
    fonts: {
      add: (face) => document.fonts.add(face as FontFace),
      delete: (face) => document.fonts.delete(face as FontFace),
      load: (font, text) => document.fonts.load(font, text),
    },
    measure: canvasMeasure,
  };
}
