/** One tile of the tiled runner: the part it owns and the padded region the model sees. */
export interface Tile {
  /** The region this tile writes, in input pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** The region fed to the model: the tile plus up to `margin` pixels of context on each side. */
  px: number;
  py: number;
  pw: number;
  ph: number;
}

/** Splits `length` into `count` nearly equal parts (the first ones one pixel longer). */
function split(length: number, count: number): Array<[start: number, size: number]> {
  const base = Math.floor(length / count);
  const extra = length % count;
  const parts: Array<[number, number]> = [];
  for (let i = 0, start = 0; i < count; i++) {
    const size = base + (i < extra ? 1 : 0);
    parts.push([start, size]);
    start += size;
  }
  return parts;
}

/**
 * Covers a `width`×`height` image with tiles of at most `tileSize` pixels a side, in row-major
 * order. Tiles are equal-sized rather than full-sized plus a sliver, so no tile is tiny. Each
 * tile's model input is padded by `margin` pixels of real image (clamped at the borders); the
 * model's output is only kept for the tile itself, which hides the zero-padding the network
 * sees at its input edges and leaves no seams.
 * @example planTiles(600, 400, 256, 10).length // 6 (3 columns × 2 rows of 200×200)
 */
export function planTiles(width: number, height: number, tileSize: number, margin: number): Tile[] {
  if (!(width > 0 && height > 0 && tileSize > 0 && margin >= 0)) throw new RangeError('planTiles: bad dimensions');
  const columns = split(width, Math.ceil(width / tileSize));
  const rows = split(height, Math.ceil(height / tileSize));
  const tiles: Tile[] = [];
  for (const [y, h] of rows) {
    for (const [x, w] of columns) {
      const px = Math.max(0, x - margin);
      const py = Math.max(0, y - margin);
      tiles.push({ x, y, w, h, px, py, pw: Math.min(width, x + w + margin) - px, ph: Math.min(height, y + h + margin) - py });
    }
  }
  return tiles;
}
