/**
 * Pixel post-processing for exports (SPEC §5: "Exports may optionally flip vertically and
 * un-premultiply alpha"). Both work in place on RGBA bytes (ImageData.data layout).
 *
 * When to un-premultiply: only for pixels that ARE premultiplied, e.g. bytes read straight from a
 * WebGL framebuffer (gl.readPixels of the GL effect passes) or handed to a consumer that expects
 * straight alpha from such a source. A 2D canvas's getImageData already returns straight
 * (un-premultiplied) colour, so the ordinary Konva export leaves it off: applying it twice would
 * brighten every semi-transparent pixel.
 * When to flip: for consumers with a bottom-up row order (GL textures, some native bitmap APIs).
 */

/**
 * Divides r, g, b by alpha (premultiplied → straight alpha); fully transparent pixels become 0,0,0,0.
 * @example unpremultiplyRgba(new Uint8ClampedArray([64, 32, 0, 128])) // → [128, 64, 0, 128]
 */
export function unpremultiplyRgba(data: Uint8ClampedArray | Uint8Array): void {
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3];
    if (a === 255) continue;
    if (a === 0) {
      data[i] = 0;
      data[i + 1] = 0;
      data[i + 2] = 0;
      continue;
    }
    const k = 255 / a;
    data[i] = Math.min(255, Math.round(data[i] * k));
    data[i + 1] = Math.min(255, Math.round(data[i + 1] * k));
    data[i + 2] = Math.min(255, Math.round(data[i + 2] * k));
  }
}

/**
 * Reverses the row order of a `width` × `height` RGBA image (top row becomes the bottom row).
 * @example flipRowsY(data, 2, 2) // rows [A, B] → [B, A]
 */
export function flipRowsY(data: Uint8ClampedArray | Uint8Array, width: number, height: number): void {
  const rowBytes = width * 4;
  const tmp = new Uint8Array(rowBytes);
  for (let top = 0, bottom = height - 1; top < bottom; top++, bottom--) {
    const a = top * rowBytes;
    const b = bottom * rowBytes;
    tmp.set(data.subarray(a, a + rowBytes));
    data.copyWithin(a, b, b + rowBytes);
    data.set(tmp, b);
  }
}
