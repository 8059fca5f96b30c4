/**
 * A small raw-WebGL 1 runner: one context on an offscreen canvas, each fragment shader compiled once,
 * render targets (texture + framebuffer) drawn with a full-screen triangle, pixels read back.
 * It is the engine under GlEffectRenderer and glBlend (see shaders/README.md for why not a gl-react Surface).
 *
 * Conventions: textures hold NON-premultiplied RGBA bytes exactly as uploaded (no flip, no colour-space
 * conversion), sampled NEAREST unless asked otherwise, so a pass that writes its input back is bit exact.
 * Row 0 of an uploaded array is row 0 of every target and of readPixels (drawing to the canvas would show it
 * upside down, so results leave through readPixels).
 */
import { FramebufferStack } from './framebufferStack';
import { framebufferError, textureError, warnGlErrors } from './glErrors';
import { linkProgram, setUniform, type CompiledProgram, type UniformValue } from './glProgram';
import { LruCache, TEXTURE_POOL_LIMIT } from './textureCache';

export const CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  alpha: true,
  premultipliedAlpha: false,
  antialias: false,
  depth: false,
  stencil: false,
  preserveDrawingBuffer: false,
  // Accept a software rasteriser (SwiftShader): for blur-based effects it still beats the JS fallback by far.
  failIfMajorPerformanceCaveat: false,
};

/** A render target: a texture with its framebuffer. */
export interface GlTarget {
  readonly texture: WebGLTexture;
  readonly framebuffer: WebGLFramebuffer;
  readonly width: number;
  readonly height: number;
  readonly float: boolean;
}

export class GlRunner {
  readonly gl: WebGLRenderingContext;
  readonly maxTextureSize: number;
  readonly framebuffers: FramebufferStack;
  private readonly programs = new Map<string, CompiledProgram>();
  private readonly freeTargets: GlTarget[] = [];
  /** Long-lived textures (LUTs, grain) by key; evicting one deletes it on the GPU. */
  readonly pool: LruCache<string, WebGLTexture>;
  private readonly triangle: WebGLBuffer;
  private disposed = false;
  private floatTargets: boolean | undefined;

  /** @throws Error when no WebGL context can be created on `canvas`. */
  constructor(
    readonly canvas: HTMLCanvasElement | OffscreenCanvas = document.createElement('canvas'),
    attributes: WebGLContextAttributes = {},
  ) {
    const gl = canvas.getContext('webgl', { ...CONTEXT_ATTRIBUTES, ...attributes }) as WebGLRenderingContext | null;
    if (!gl) throw new Error('WebGL is not available: the context could not be created');
    this.gl = gl;
    this.maxTextureSize = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
    this.framebuffers = new FramebufferStack(gl);
    this.pool = new LruCache(TEXTURE_POOL_LIMIT, (texture) => gl.deleteTexture(texture));
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.pixelStorei(gl.PACK_ALIGNMENT, 1);
    gl.disable(gl.BLEND);
    const triangle = gl.createBuffer();
    if (!triangle) throw new Error('WebGL buffer creation failed');
    this.triangle = triangle;
    gl.bindBuffer(gl.ARRAY_BUFFER, triangle);
    // One triangle covering the clip square: no diagonal seam, every pixel shaded once.
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  }

  get isContextLost(): boolean {
    return this.gl.isContextLost();
  }

  /** True after {@link dispose}. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Compiles (once per name and source) and returns the program for a fragment shader. */
  program(name: string, fragSource: string): CompiledProgram {
    const cached = this.programs.get(name);
    if (cached && cached.source === fragSource) return cached;
    if (cached) this.gl.deleteProgram(cached.program);
    const compiled = linkProgram(this.gl, name, fragSource);
    this.programs.set(name, compiled);
    return compiled;
  }

  hasProgram(name: string): boolean {
    return this.programs.has(name);
  }

  /**
   * A texture filled with `pixels` (RGBA bytes, row 0 first) or from an image source; `float` makes an
   * empty RGBA float texture (render target for premultiplied intermediates, see {@link supportsFloatTargets}).
   */
  texture(width: number, height: number, pixels: ArrayBufferView | TexImageSource | null, linear = false, float = false): WebGLTexture {
    const { gl } = this;
    if (width < 1 || height < 1 || width > this.maxTextureSize || height > this.maxTextureSize) {
      throw textureError(width, height, `size outside 1..${this.maxTextureSize} (MAX_TEXTURE_SIZE)`);
    }
    const texture = gl.createTexture();
    if (!texture) throw textureError(width, height, gl.isContextLost() ? 'context lost' : 'createTexture returned null');
    gl.bindTexture(gl.TEXTURE_2D, texture);
    const filter = linear ? gl.LINEAR : gl.NEAREST;
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, filter);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, filter);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    if (pixels === null || ArrayBuffer.isView(pixels)) {
      const data = pixels === null ? null : new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, width, height, 0, gl.RGBA, float ? gl.FLOAT : gl.UNSIGNED_BYTE, data);
    } else {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    }
    const errors = warnGlErrors(gl, 'texImage2D');
    if (errors.length) {
      gl.deleteTexture(texture);
      throw textureError(width, height, `texImage2D failed (${errors.map((c) => `0x${c.toString(16)}`).join(', ')})`);
    }
    return texture;
  }

  /**
   * True when float RGBA textures can be rendered to (OES_texture_float + a complete framebuffer). Probed once.
   * Blur intermediates then keep full precision, like the CPU path's Float32Array.
   */
  get supportsFloatTargets(): boolean {
    if (this.floatTargets === undefined) {
      this.floatTargets = false;
      const { gl } = this;
      if (gl.getExtension('OES_texture_float')) {
        gl.getExtension('WEBGL_color_buffer_float');
        try {
          this.releaseTarget(this.target(4, 4, true));
          this.floatTargets = true;
        } catch {
          warnGlErrors(gl, 'float target probe');
        }
      }
    }
    return this.floatTargets;
  }

  /** A render target of this size (8-bit, or float when `float`), reused from released ones when possible. */
  target(width: number, height: number, float = false): GlTarget {
    const index = this.freeTargets.findIndex((t) => t.width === width && t.height === height && t.float === float);
    if (index >= 0) return this.freeTargets.splice(index, 1)[0];
    const { gl } = this;
    const texture = this.texture(width, height, null, false, float);
    const framebuffer = gl.createFramebuffer();
    if (!framebuffer) {
      gl.deleteTexture(texture);
      throw framebufferError(0, width, height);
    }
    this.framebuffers.adopt(framebuffer);
    this.framebuffers.push(framebuffer);
    try {
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
      const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
      if (status !== gl.FRAMEBUFFER_COMPLETE) {
        gl.deleteTexture(texture);
        this.framebuffers.pop();
        this.framebuffers.release(framebuffer);
        throw framebufferError(status, width, height);
      }
    } finally {
      if (this.framebuffers.depth) this.framebuffers.pop();
    }
    return { texture, framebuffer, width, height, float };
  }

  /** Switches a texture between NEAREST (exact texels, the default) and LINEAR (smooth upsampling) sampling. */
  setFilter(texture: WebGLTexture, linear: boolean): void {
    const { gl } = this;
    const filter = linear ? gl.LINEAR : gl.NEAREST;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, filter);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, filter);
  }

  /** Returns a target for reuse (sampling reset to NEAREST); a few are kept, the rest freed. */
  releaseTarget(target: GlTarget): void {
    this.setFilter(target.texture, false);
    this.freeTargets.push(target);
    while (this.freeTargets.length > 4) this.deleteTarget(this.freeTargets.shift()!);
  }

  /**
   * Runs one pass: draws `programName` (compiled earlier with {@link program}) into `target`, or into
   * the canvas (resized to width×height) when target is null. Texture uniforms take units in order.
   */
  draw(programName: string, uniforms: Record<string, UniformValue>, target: GlTarget | null, width: number, height: number): void {
    const compiled = this.programs.get(programName);
    if (!compiled) throw new Error(`Shader program ${programName} was not compiled`);
    const { gl } = this;
    if (target) this.framebuffers.push(target.framebuffer);
    else if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    try {
      gl.viewport(0, 0, width, height);
      // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook
      gl.useProgram(compiled.program);
      gl.bindBuffer(gl.ARRAY_BUFFER, this.triangle);
      gl.enableVertexAttribArray(compiled.position);
      gl.vertexAttribPointer(compiled.position, 2, gl.FLOAT, false, 0, 0);
      let unit = 0;
      for (const [name, value] of Object.entries(uniforms)) {
        const slot = compiled.uniforms.get(name);
        if (!slot) continue; // optimised away by the compiler, or not used by this shader
        if (slot.type === gl.SAMPLER_2D) {
          gl.activeTexture(gl.TEXTURE0 + unit);
          gl.bindTexture(gl.TEXTURE_2D, value as WebGLTexture);
          gl.uniform1i(slot.location, unit++);
        } else {
          setUniform(gl, slot, value as number | boolean | readonly number[]);
        }
      }
      gl.drawArrays(gl.TRIANGLES, 0, 3);
    } finally {
      if (target) this.framebuffers.pop();
    }
    warnGlErrors(gl, `draw ${programName}`);
  }

  /** The RGBA bytes of a target (row 0 first). */
  read(target: GlTarget): Uint8Array<ArrayBuffer> {
    const { gl } = this;
    const out = new Uint8Array(target.width * target.height * 4);
    this.framebuffers.push(target.framebuffer);
    try {
      gl.readPixels(0, 0, target.width, target.height, gl.RGBA, gl.UNSIGNED_BYTE, out);
    } finally {
      this.framebuffers.pop();
    }
    warnGlErrors(gl, 'readPixels');
    return out;
  }

  deleteTexture(texture: WebGLTexture): void {
    this.gl.deleteTexture(texture);
  }

  /** Frees every GPU object. @throws Error('Framebuffer stack is not empty') while a pass is running. */
  dispose(): void {
    if (this.disposed) return;
    this.framebuffers.delete();
    this.disposed = true;
    for (const target of this.freeTargets) this.gl.deleteTexture(target.texture);
    this.freeTargets.length = 0;
    this.pool.clear();
    for (const { program } of this.programs.values()) this.gl.deleteProgram(program);
    this.programs.clear();
    this.gl.deleteBuffer(this.triangle);
  }

  /** Disposes and gives the context back to the browser at once (it keeps only ~16 per page). */
  release(): void {
    this.dispose();
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
  }

  private deleteTarget(target: GlTarget): void {
    this.framebuffers.release(target.framebuffer);
    this.gl.deleteTexture(target.texture);
  }
}
