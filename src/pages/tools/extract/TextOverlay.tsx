/**
 * The photo with each found line's box drawn over it (an SVG in the picture's own pixel grid, so the
 * boxes scale with the photo). Hovering or focusing a line in the list highlights its box.
 */
import type { ExtractedLine } from '../../../../engine/spec/extraction';

interface Props {
  photoUrl: string;
  width: number;
  height: number;
  lines: ExtractedLine[];
  active: number | null;
  alt: string;
  onPick(index: number): void;
}

export function TextOverlay({ photoUrl, width, height, lines, active, alt, onPick }: Props) {
  return (
    <div className="extract-overlay" data-testid="extract.overlay">
      <img src={photoUrl} alt={alt} className="extract-overlay__photo" />
      <svg className="extract-overlay__boxes" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
        {lines.map((line, i) => (
          <polygon
            key={i}
            points={line.box.map(([x, y]) => `${x},${y}`).join(' ')}
            className={`extract-overlay__box${active === i ? ' is-active' : ''}`}
            vectorEffect="non-scaling-stroke"
            onClick={() => onPick(i)}
            data-testid="extract.box"
          />
        ))}
      </svg>
    </div>
  );
}
