/**
 * WebGL error reporting (SPEC §8): shader compile/link, framebuffer and texture failures throw an Error
 * carrying the driver's info log; plain graphics-API errors (gl.getError) only warn, because a stray
 * INVALID_OPERATION must not break the editor when the picture is still usable.
 */

const GL_ERROR_NAMES: Record<number, string> = {
  0x0500: 'INVALID_ENUM',
  0x0501: 'INVALID_VALUE',
  0x0502: 'INVALID_OPERATION',
  0x0505: 'OUT_OF_MEMORY',
  0x0506: 'INVALID_FRAMEBUFFER_OPERATION',
  0x9242: 'CONTEXT_LOST_WEBGL',
};

const FRAMEBUFFER_STATUS_NAMES: Record<number, string> = {
  0x8cd6: 'FRAMEBUFFER_INCOMPLETE_ATTACHMENT',
  0x8cd7: 'FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT',
  0x8cd9: 'FRAMEBUFFER_INCOMPLETE_DIMENSIONS',
  0x8cdd: 'FRAMEBUFFER_UNSUPPORTED',
};

/** Name of a gl.getError() code, e.g. 'INVALID_VALUE (0x501)'. */
export function glErrorName(code: number): string {
  return `${GL_ERROR_NAMES[code] ?? 'UNKNOWN_ERROR'} (0x${code.toString(16)})`;
}

/** Drains gl.getError() and warns once per error code; returns the codes seen (empty when clean). */
export function warnGlErrors(gl: Pick<WebGLRenderingContext, 'getError' | 'NO_ERROR'>, where: string): number[] {
  const seen: number[] = [];
  // getError returns one flag per call; a bounded loop because a lost context can report forever.
  for (let i = 0; i < 8; i++) {
    const code = gl.getError();
    if (code === gl.NO_ERROR) break;
    if (!seen.includes(code)) seen.push(code);
  }
  if (seen.length) console.warn(`WebGL error in ${where}: ${seen.map(glErrorName).join(', ')}`);
  return seen;
}

/** Error for a shader that does not compile; the message holds the info log and the shader name. */
export function shaderCompileError(name: string, log: string | null): Error {
  return new Error(`Shader compile failed (${name}): ${log?.trim() || 'no info log'}`);
}

/** Error for a program that does not link. */
export function programLinkError(name: string, log: string | null): Error {
  return new Error(`Shader program link failed (${name}): ${log?.trim() || 'no info log'}`);
}

/** Error for a framebuffer whose status is not FRAMEBUFFER_COMPLETE. */
export function framebufferError(status: number, width: number, height: number): Error {
  const name = FRAMEBUFFER_STATUS_NAMES[status] ?? `status 0x${status.toString(16)}`;
  return new Error(`Framebuffer incomplete (${name}) for a ${width}×${height} target`);
}

/** Error for a texture that could not be created or filled. */
export function textureError(width: number, height: number, detail: string): Error {
  return new Error(`Texture creation failed for ${width}×${height}: ${detail}`);
}
