/** The transparency checkerboard under the document on the live stage (never exported). */
import { Rect } from 'react-konva';

const CELL = 16;
let pattern: HTMLCanvasElement | null = null;

function checkerPattern(): HTMLCanvasElement {
  if (pattern) return pattern;
  pattern = document.createElement('canvas');
  pattern.width = CELL * 2;
  pattern.height = CELL * 2;
  const ctx = pattern.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, CELL * 2, CELL * 2);
    ctx.fillStyle = '#e4e4e7';
    ctx.fillRect(0, 0, CELL, CELL);
    ctx.fillRect(CELL, CELL, CELL, CELL);
  }
  return pattern;
}

export function Checkerboard({ width, height }: { width: number; height: number }) {
  return (
    <Rect
      name="checkerboard"
      width={width}
      height={height}
      fillPatternImage={checkerPattern() as unknown as HTMLImageElement}
      listening={false}
      perfectDrawEnabled={false}
    />
  );
}
