import { describe, expect, it, vi } from 'vitest';
import { FramebufferStack, type FramebufferGl } from './framebufferStack';
import { framebufferError, glErrorName, programLinkError, shaderCompileError, textureError, warnGlErrors } from './glErrors';

function fakeGl() {
  const bound: (object | null)[] = [];
  const deleted: object[] = [];
  const gl: FramebufferGl = {
    FRAMEBUFFER: 0x8d40,
    bindFramebuffer: (_t, fb) => bound.push(fb as object | null),
    deleteFramebuffer: (fb) => deleted.push(fb as object),
  };
  return { gl, bound, deleted };
}

describe('FramebufferStack', () => {
  it('binds on push and rebinds the one below (then the canvas) on pop', () => {
    const { gl, bound } = fakeGl();
    const stack = new FramebufferStack(gl);
    const a = {} as WebGLFramebuffer;
    const b = {} as WebGLFramebuffer;
    stack.push(a);
    stack.push(b);
    stack.pop();
    stack.pop();
    expect(bound).toEqual([a, b, a, null]);
    expect(stack.depth).toBe(0);
  });

  it("delete() throws 'Framebuffer stack is not empty' while a framebuffer is pushed, and deletes nothing", () => {
    const { gl, deleted } = fakeGl();
    const stack = new FramebufferStack(gl);
    const a = stack.adopt({} as WebGLFramebuffer);
    stack.push(a);
    expect(() => stack.delete()).toThrow(new Error('Framebuffer stack is not empty'));
    expect(deleted).toEqual([]);
    stack.pop();
    stack.delete();
    expect(deleted).toEqual([a]);
  });

  it('refuses to pop an empty stack or release a framebuffer still bound', () => {
    const { gl } = fakeGl();
    const stack = new FramebufferStack(gl);
    expect(() => stack.pop()).toThrow('Framebuffer stack is empty');
    const a = stack.adopt({} as WebGLFramebuffer);
    stack.push(a);
    expect(() => stack.release(a)).toThrow('Framebuffer is still bound on the stack');
  });
});

describe('GL errors', () => {
  it('graphics API errors only warn, once per code', () => {
    const codes = [0x0502, 0x0502, 0x0501, 0];
    const gl = { NO_ERROR: 0 as const, getError: () => codes.shift() ?? 0 };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(warnGlErrors(gl, 'draw adjust.frag')).toEqual([0x0502, 0x0501]);
    expect(warn).toHaveBeenCalledWith('WebGL error in draw adjust.frag: INVALID_OPERATION (0x502), INVALID_VALUE (0x501)');
    expect(warnGlErrors(gl, 'again')).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('compile, link, framebuffer and texture failures carry the info log in their message', () => {
    expect(shaderCompileError('adjust.frag', "ERROR: 0:12: 'x' : undeclared identifier\n").message).toBe(
      "Shader compile failed (adjust.frag): ERROR: 0:12: 'x' : undeclared identifier",
    );
    expect(programLinkError('blend.frag', null).message).toBe('Shader program link failed (blend.frag): no info log');
    expect(framebufferError(0x8cd6, 640, 480).message).toBe('Framebuffer incomplete (FRAMEBUFFER_INCOMPLETE_ATTACHMENT) for a 640×480 target');
    expect(textureError(9000, 10, 'size outside 1..8192').message).toBe('Texture creation failed for 9000×10: size outside 1..8192');
    expect(glErrorName(0x0505)).toBe('OUT_OF_MEMORY (0x505)');
  });
});
