/**
 * The live preview of the selected layer's adjust + filter passes as a gl-react `<Surface>` of `<Node>`
 * passes, drawn at display size with the very shaders the renderers run (shaders/*.frag, through
 * `glReactShaders`) and the same uniforms (engine/effects/adjustUniforms via `adjustShaderUniforms`).
 * Nothing is read back: Konva draws the Surface's canvas. Exports never come here (they keep the exact
 * full-resolution path of src/editor/render/renderers).
 *
 * A chunk of its own (gl-react and gl-react-dom load with it), imported by useLivePreview on first use.
 * One Surface per page, reused from layer to layer: a browser keeps only ~16 WebGL contexts.
 */
import { Node, Shaders, Visitor } from 'gl-react';
import { Surface } from 'gl-react-dom';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { adjustUniforms, blurredCopies } from '../../../../engine/effects/adjustUniforms';
import { isPgrainIdentity } from '../../../../engine/effects/adjustRanges';
import { blurPassRadius, shaderFilesFor, type EffectPass } from '../../../../engine/effects/effectStack';
import { filterLut } from '../../../../engine/effects/filters/applyFilter';
import { LUT_SIZE } from '../../../../engine/effects/filters/lut';
import { registerCanvasTextureLoader } from './canvasTextureLoader';
import { adjustDefines, adjustShaderUniforms } from '../../render/renderers/glPasses';
import { cachedShader, preDownloadShaders } from '../../render/renderers/shaderSource';

type ShaderId = ReturnType<typeof Shaders.create>[string];

/** Straight alpha in and out (the shaders' convention): no blending into the cleared target. */
const NO_BLEND = { src: 'one', dst: 'zero' } as const;
/** Same-size samples: one texel per pixel, as the runner's NEAREST sampling. */
const NEAREST = { interpolation: 'nearest' } as const;

const shaderIds = new Map<string, ShaderId>();

/** The gl-react shader for a file (with the runner's `#define` specialisation prepended). */
function shader(file: string, defines: readonly string[] = []): ShaderId {
  const key = `${file}|${defines.join(',')}`;
  let id = shaderIds.get(key);
  if (!id) {
    const text = cachedShader(file);
    if (text === undefined) throw new Error(`Shader ${file} was not downloaded`);
    id = Shaders.create({ [key]: { frag: `${defines.map((d) => `#define ${d}\n`).join('')}${text}` } })[key];
    shaderIds.set(key, id);
  }
  return id;
}

const lutCanvases = new Map<string, HTMLCanvasElement>();

/**
 * A filter's 512×512 LUT as a canvas. gl-react uploads DOM textures flipped (UNPACK_FLIP_Y), so the rows are
 * stored bottom-up here: lut.frag then finds tile row 0 where the runner puts it.
 */
function lutCanvas(pass: Extract<EffectPass, { kind: 'lut' }>): HTMLCanvasElement {
  let canvas = lutCanvases.get(pass.filter.uid);
  if (!canvas) {
    const bytes = filterLut(pass.filter);
    const flipped = new Uint8ClampedArray(bytes.length);
    const row = LUT_SIZE * 4;
    for (let y = 0; y < LUT_SIZE; y++) flipped.set(bytes.subarray(y * row, (y + 1) * row), (LUT_SIZE - 1 - y) * row);
    canvas = document.createElement('canvas');
    canvas.width = canvas.height = LUT_SIZE;
    canvas.getContext('2d')!.putImageData(new ImageData(flipped, LUT_SIZE, LUT_SIZE), 0, 0);
    lutCanvases.set(pass.filter.uid, canvas);
  }
  return canvas;
}

type Texture = HTMLCanvasElement | ReactElement;

/** A separable Gaussian (blur.frag twice, premultiplied in between) of `input`, at the Surface size. */
function blurred(input: Texture, sigma: number, width: number, height: number): ReactElement {
  const horizontal = (
    <Node
      shader={shader('blur.frag')}
      blendFunc={NO_BLEND}
      uniformsOptions={{ t: NEAREST }}
      uniforms={{ t: input, direction: [1 / width, 0], sigma, premultiplyInput: 1, unpremultiplyOutput: 0 }}
    />
  );
  return (
    <Node
      shader={shader('blur.frag')}
      blendFunc={NO_BLEND}
      uniformsOptions={{ t: NEAREST }}
      uniforms={{ t: horizontal, direction: [0, 1 / height], sigma, premultiplyInput: 0, unpremultiplyOutput: 1 }}
    />
  );
}

/** Whether the Surface draws these passes (grain needs the grain texture: those go the renderer's way). */
export function surfaceDraws(passes: readonly EffectPass[]): boolean {
  return passes.every((pass) => pass.kind !== 'adjust' || (!pass.params.grain && isPgrainIdentity(pass.params.pgrain)));
}

/** The passes as nested Nodes over `source` (a canvas already at the Surface size). */
export function passNodes(source: HTMLCanvasElement, passes: readonly EffectPass[], width: number, height: number): ReactElement {
  let current: Texture = source;
  for (const pass of passes) {
    if (pass.kind === 'lut') {
      current = (
        <Node
          shader={shader('lut.frag')}
          blendFunc={NO_BLEND}
          uniformsOptions={{ t: NEAREST, lut: NEAREST }}
          uniforms={{ t: current, lut: lutCanvas(pass), strength: pass.strength }}
        />
      );
    } else if (pass.kind === 'blur') {
      current = blurred(current, blurPassRadius(pass, width), width, height);
    } else {
      const u = adjustUniforms(pass.params, width, height, width);
      if (u.blur > 0) current = blurred(current, u.blur, width, height);
      const input = current;
      const textures: Record<string, Texture> = { t: input };
      for (const copy of blurredCopies(u)) textures[copy.name] = blurred(input, copy.sigma, width, height);
      // Unused samplers still need a valid binding: the input.
      for (const name of ['blurS', 'blurM', 'blurL', 'grainTex']) textures[name] ??= input;
      const geometry = { imageWidth: width, imageHeight: height, originX: 0, originY: 0 };
      current = (
        <Node
          shader={shader('adjust.frag', adjustDefines(u))}
          blendFunc={NO_BLEND}
          ignoreUnusedUniforms
          uniformsOptions={{ t: NEAREST, blurS: { interpolation: 'linear' }, blurM: { interpolation: 'linear' }, blurL: { interpolation: 'linear' } }}
          uniforms={{ ...textures, ...adjustShaderUniforms(u, geometry, 1) }}
        />
      );
    }
  }
  // No pass drew (none given): a plain copy (blur.frag at σ 0).
  return current instanceof HTMLCanvasElement ? (
    <Node
      shader={shader('blur.frag')}
      blendFunc={NO_BLEND}
      uniformsOptions={{ t: NEAREST }}
      uniforms={{ t: current, direction: [0, 0], sigma: 0, premultiplyInput: 0, unpremultiplyOutput: 0 }}
    />
  ) : (
    current
  );
}

/** What the page's preview Surface is asked to draw. */
export interface PreviewRequest {
  source: HTMLCanvasElement;
  passes: readonly EffectPass[];
  /** Called after every completed draw of this request. */
  onDrawn(): void;
}

export interface PreviewSurface {
  /** The Surface's canvas (WebGL, preserveDrawingBuffer): what Konva draws. */
  readonly canvas: HTMLCanvasElement | null;
  /** Draws `request` (shaders are downloaded first; resolves false when one cannot be). */
  show(request: PreviewRequest): Promise<boolean>;
  /** Stops drawing (the canvas keeps its last picture). */
  clear(): void;
}

let surface: PreviewSurface | null = null;
let webgl: boolean | null = null;

/** Whether this page can make a WebGL context at all (else the renderers' CPU path previews). */
export function surfaceAvailable(): boolean {
  webgl ??= !!document.createElement('canvas').getContext('webgl');
  return webgl;
}

/** The page's one preview Surface (mounted in a detached element on first use). */
export function previewSurface(): PreviewSurface {
  if (surface) return surface;
  registerCanvasTextureLoader();
  const container = document.createElement('div');
  const root: Root = createRoot(container);
  let drawn: (() => void) | null = null;
  const visitor = new Visitor();
  visitor.onSurfaceDrawEnd = () => drawn?.();
  const state: PreviewSurface = {
    get canvas() {
      return container.querySelector('canvas');
    },
    async show({ source, passes, onDrawn }) {
      if (!(await preDownloadShaders(shaderFilesFor(passes)))) return false;
      const { width, height } = source;
      drawn = onDrawn;
      root.render(
        <Surface
          width={width}
          height={height}
          pixelRatio={1}
          visitor={visitor}
          webglContextAttributes={{ preserveDrawingBuffer: true, premultipliedAlpha: false, alpha: true, antialias: false }}
        >
          {passNodes(source, passes, width, height)}
        </Surface>,
      );
      return true;
    },
    clear() {
      drawn = null;
    },
  };
  surface = state;
  return state;
}
