/**
 * The render-target stack of the WebGL runner: a pass that draws into an offscreen target pushes its
 * framebuffer, and popping rebinds the one below (or the canvas). Deleting the stack while something is
 * still pushed means a pass never finished, so it throws instead of freeing framebuffers still in use.
 */

/** The two GL calls the stack needs; a narrow type so the stack is testable without a GPU. */
export interface FramebufferGl {
  bindFramebuffer(target: number, framebuffer: WebGLFramebuffer | null): void;
  deleteFramebuffer(framebuffer: WebGLFramebuffer | null): void;
  readonly FRAMEBUFFER: number;
}

export class FramebufferStack {
  private readonly stack: WebGLFramebuffer[] = [];
  private readonly owned = new Set<WebGLFramebuffer>();

  constructor(private readonly gl: FramebufferGl) {}

  get depth(): number {
    return this.stack.length;
  }

  /** Registers a framebuffer the stack deletes in {@link delete}. */
  adopt(framebuffer: WebGLFramebuffer): WebGLFramebuffer {
    this.owned.add(framebuffer);
    return framebuffer;
  }

  /** Binds `framebuffer` and remembers it until the matching {@link pop}. */
  push(framebuffer: WebGLFramebuffer): void {
    this.stack.push(framebuffer);
    this.gl.bindFramebuffer(this.gl.FRAMEBUFFER, framebuffer);
  }

  /** Unbinds the top framebuffer and rebinds the one below it (null = the canvas). */
  pop(): void {
    if (!this.stack.length) throw new Error('Framebuffer stack is empty');
    this.stack.pop();
    this.gl.bindFramebuffer(this.gl.FRAMEBUFFER, this.stack.at(-1) ?? null);
  }

  /** Frees one owned framebuffer that is not on the stack. */
  release(framebuffer: WebGLFramebuffer): void {
    if (this.stack.includes(framebuffer)) throw new Error('Framebuffer is still bound on the stack');
    if (this.owned.delete(framebuffer)) this.gl.deleteFramebuffer(framebuffer);
  }

  /** Deletes every owned framebuffer. @throws Error('Framebuffer stack is not empty') while any is pushed. */
  delete(): void {
    if (this.stack.length) throw new Error('Framebuffer stack is not empty');
    for (const framebuffer of this.owned) this.gl.deleteFramebuffer(framebuffer);
    this.owned.clear();
  }
}
