import { describe, expect, it } from 'vitest';
import { CENTRED, defaultCustomSize, dragTo, frameFor, frameProblem, nudge, photoBox, photoOffset } from './frameGeometry';

const photo = { width: 1200, height: 900 };

describe('frameFor / frameProblem', () => {
  it('grows the one side a preset needs', () => {
    expect(frameFor('16:9', photo, photo)).toEqual({ width: 1600, height: 900 });
    expect(frameFor('9:16', photo, photo)).toEqual({ width: 1200, height: 2133 });
    expect(frameFor('1:1', photo, photo)).toEqual({ width: 1200, height: 1200 });
    expect(frameFor('custom', photo, { width: 1500.4, height: 1000 })).toEqual({ width: 1500, height: 1000 });
  });

  it('says why the server would refuse a frame', () => {
    expect(frameProblem('16:9', frameFor('16:9', photo, photo), photo)).toBeNull();
    expect(frameProblem('4:3', frameFor('4:3', photo, photo), photo)).toBe('sameSize');
    expect(frameProblem('custom', { width: 1000, height: 900 }, photo)).toBe('smallerThanPhoto');
    expect(frameProblem('custom', { width: 5000, height: 900 }, photo)).toBe('overSide');
    expect(frameProblem('custom', { width: 3000, height: 1900 }, photo)).toBe('tooLarge');
    expect(frameProblem('custom', { width: Number.NaN, height: 900 }, photo)).toBe('smallerThanPhoto');
    expect(frameProblem('16:9', frameFor('16:9', { width: 200, height: 800 }, photo), { width: 200, height: 800 })).toBe('tooLarge');
  });

  it('suggests a custom size the server accepts', () => {
    const size = defaultCustomSize(photo);
    expect(size).toEqual({ width: 1500, height: 1125 });
    expect(frameProblem('custom', size, photo)).toBeNull();
    expect(defaultCustomSize({ width: 4000, height: 100 }).width).toBe(4096);
  });
});

describe('placing the photo', () => {
  const frame = { width: 1600, height: 900 };

  it('draws the photo box in percent of the frame', () => {
    expect(photoBox(frame, photo, CENTRED)).toEqual({ left: 12.5, top: 0, width: 75, height: 100 });
    expect(photoBox(frame, photo, { x: 1, y: 0 }).left).toBe(25);
  });

  it('turns a drag into a position, clamped, leaving a full axis alone', () => {
    const box = { width: 800, height: 450 }; // the preview at half size: 200 px of free space across
    expect(dragTo(CENTRED, 100, 0, box, frame, photo)).toEqual({ x: 1, y: 0.5 });
    expect(dragTo(CENTRED, -50, 300, box, frame, photo)).toEqual({ x: 0.25, y: 0.5 });
    expect(dragTo(CENTRED, -500, 0, box, frame, photo).x).toBe(0);
  });

  it('moves with the arrow keys and ignores other keys', () => {
    expect(nudge(CENTRED, 'ArrowLeft')).toEqual({ x: 0.45, y: 0.5 });
    expect(nudge({ x: 0.95, y: 0.5 }, 'ArrowRight', true)).toEqual({ x: 1, y: 0.5 });
    expect(nudge(CENTRED, 'Home')).toEqual({ x: 0, y: 0 });
    expect(nudge(CENTRED, 'a')).toBeNull();
  });

  it('rounds the offset as the server does', () => {
    expect(photoOffset(frame, photo, { x: 0.333, y: 0.5 })).toEqual({ left: 133, top: 0 });
  });
});
