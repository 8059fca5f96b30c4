/** Overlay drawings of the live stage: snap guides while dragging and the marquee box. Both are in
 * canvas coordinates (the stage carries the view) with strokes kept 1 screen pixel wide. */
import { Line, Rect } from 'react-konva';
import { guidesStore, marqueeStore } from './canvasStores';

const GUIDE_COLOR = '#ec4899';
const MARQUEE_COLOR = '#4f46e5';
/** Guides reach this far beyond the canvas, so they show against the pasteboard too. */
const GUIDE_OVERHANG = 100_000;

export function SnapGuides() {
  const guides = guidesStore.use((g) => g);
  return (
    <>
      {guides.map((guide) => (
        <Line
          key={`${guide.orientation}${guide.pos}`}
          name="snap-guide"
          points={guide.orientation === 'V' ? [guide.pos, -GUIDE_OVERHANG, guide.pos, GUIDE_OVERHANG] : [-GUIDE_OVERHANG, guide.pos, GUIDE_OVERHANG, guide.pos]}
          stroke={GUIDE_COLOR}
          strokeWidth={1}
          strokeScaleEnabled={false}
          dash={[4, 4]}
          listening={false}
        />
      ))}
    </>
  );
}

export function MarqueeBox() {
  const box = marqueeStore.use((b) => b);
  if (!box) return null;
  return (
    <Rect
      name="marquee"
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
      fill="rgba(79, 70, 229, 0.08)"
      stroke={MARQUEE_COLOR}
      strokeWidth={1}
      strokeScaleEnabled={false}
      listening={false}
    />
  );
}
