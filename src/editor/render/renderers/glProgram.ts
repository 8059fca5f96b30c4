/**
 * Shader programs of the GL runner: the shared full-screen vertex stage, compile/link with the driver's
 * info log on failure, and uniform setting by GLSL type.
 */
import { programLinkError, shaderCompileError } from './glErrors';

/** The vertex stage shared by every pass; the same `uv` varying as gl-react's default vertex shader. */
export const FULLSCREEN_VERTEX = `attribute vec2 _p;
varying vec2 uv;
void main() {
  gl_Position = vec4(_p, 0.0, 1.0);
  uv = vec2(0.5, 0.5) * (_p + vec2(1.0, 1.0));
}`;

export type UniformValue = number | boolean | readonly number[] | WebGLTexture;

export interface UniformSlot {
  location: WebGLUniformLocation;
  type: number;
  size: number;
}

export interface CompiledProgram {
  program: WebGLProgram;
  source: string;
  uniforms: Map<string, UniformSlot>;
  position: number;
}

/** Compiles one shader stage. @throws Error with the info log when it does not compile. */
export function compileShader(gl: WebGLRenderingContext, name: string, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw shaderCompileError(name, gl.isContextLost() ? 'context lost' : 'createShader returned null');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    const log = gl.getShaderInfoLog(shader);
    gl.deleteShader(shader);
    throw shaderCompileError(name, log);
  }
  return shader;
}

/** Compiles and links the full-screen vertex stage with `fragSource`; reads its active uniforms. */
export function linkProgram(gl: WebGLRenderingContext, name: string, fragSource: string): CompiledProgram {
  const vertex = compileShader(gl, `${name} (vertex)`, gl.VERTEX_SHADER, FULLSCREEN_VERTEX);
  const fragment = compileShader(gl, name, gl.FRAGMENT_SHADER, fragSource);
  const program = gl.createProgram();
  if (!program) throw programLinkError(name, 'createProgram returned null');
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  gl.bindAttribLocation(program, 0, '_p');
  gl.linkProgram(program);
  // The program keeps the compiled stages; the shader objects themselves are no longer needed.
  gl.deleteShader(vertex);
  gl.deleteShader(fragment);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    const log = gl.getProgramInfoLog(program);
    gl.deleteProgram(program);
    throw programLinkError(name, log);
  }
  const uniforms = new Map<string, UniformSlot>();
  const count = gl.getProgramParameter(program, gl.ACTIVE_UNIFORMS) as number;
  for (let i = 0; i < count; i++) {
    const info = gl.getActiveUniform(program, i);
    if (!info) continue;
    const location = gl.getUniformLocation(program, info.name);
    if (location) uniforms.set(info.name.replace(/\[0\]$/, ''), { location, type: info.type, size: info.size });
  }
  return { program, source: fragSource, uniforms, position: 0 };
}

/** Sets a non-sampler uniform by its GLSL type. */
export function setUniform(gl: WebGLRenderingContext, slot: UniformSlot, value: number | boolean | readonly number[]): void {
  const list = typeof value === 'number' || typeof value === 'boolean' ? [Number(value)] : [...value];
  switch (slot.type) {
    case gl.FLOAT:
      return gl.uniform1fv(slot.location, list);
    case gl.FLOAT_VEC2:
      return gl.uniform2fv(slot.location, list);
    case gl.FLOAT_VEC3:
      return gl.uniform3fv(slot.location, list);
    case gl.FLOAT_VEC4:
      return gl.uniform4fv(slot.location, list);
    case gl.INT:
    case gl.BOOL:
      return gl.uniform1iv(slot.location, list.map(Math.round));
    default:
      console.warn(`Unsupported uniform type 0x${slot.type.toString(16)}`);
  }
}
