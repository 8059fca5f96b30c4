/**
 * Canvas textures for gl-react 6. gl-react-dom 5.2.1 registers its DOM loaders with webgltexture-loader 1.0.0,
 * a different copy from the 2.1.2 that gl-react 6 resolves textures with, so a canvas uniform found no loader
 * ("no loader found for value"). This registers one with gl-react's own registry. A canvas is uploaded again on
 * every draw that uses it (`update`): the live preview's source canvas is small (the layer's size on screen).
 */
import { globalRegistry, WebGLTextureLoaderSyncHashCache } from 'webgltexture-loader';

class CanvasTextureLoader extends WebGLTextureLoaderSyncHashCache<HTMLCanvasElement> {
  override canLoad(input: unknown): input is HTMLCanvasElement {
    return typeof HTMLCanvasElement !== 'undefined' && input instanceof HTMLCanvasElement;
  }

  override inputHash(input: HTMLCanvasElement): HTMLCanvasElement {
    return input;
  }

  override getNoCache(input: HTMLCanvasElement) {
    const { gl } = this;
    const texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, input);
    return { texture, width: input.width, height: input.height };
  }

  override update(input: HTMLCanvasElement): void {
    const { gl } = this;
    const { texture } = this.get(input)!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, input);
  }
}

let registered = false;

/** Registers the loader once per page. */
export function registerCanvasTextureLoader(): void {
  if (registered) return;
  registered = true;
  globalRegistry.add(CanvasTextureLoader);
}
