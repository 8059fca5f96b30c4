/**
 * Events and effects of the canvas gesture machine (canvasGesture.machine.ts). Events carry plain
 * data read from the pointer event and the document at the moment it happened; effects are what
 * the live stage does (Konva nodes, view store, editor commands), given from outside.
 */

export interface Point {
  x: number;
  y: number;
}

export type PointerKind = 'mouse' | 'touch' | 'pen';

/** What the live stage does for the machine. Every method is called from an action, never from a guard. */
export interface GestureEffects {
  /** Replaces the selection (layer ids in selection order; [] clears it). */
  select(ids: string[]): void;
  /** The open-hand cursor while Space is held. */
  setGrabCursor(on: boolean): void;
  /** Moves the view by screen pixels. */
  panBy(dx: number, dy: number): void;
  /** A pinch starts: remember the view it starts from. */
  beginPinch(): void;
  /** The pinch's fingers are at `mid`, `dist` apart (it started at `from`): zoom and pan the view. */
  pinchTo(from: { mid: Point; dist: number }, now: { mid: Point; dist: number }): void;
  /** Ends any Konva layer drag under way (a pan or pinch takes over). */
  stopLayerDrags(): void;
  /** Shows the marquee from `origin` to `point` (screen px, stage-local). */
  showMarquee(origin: Point, point: Point): void;
  /** The marquee is released: hide it and add the layers it touches to `before`. */
  finishMarquee(origin: Point, point: Point, before: string[]): void;
  /** A layer drag starts on `layerId`: one undo mark, the selected layers follow. */
  beginDrag(layerId: string): void;
  /** Konva started a drag that must not happen: stop it and put the node back. */
  refuseDrag(layerId: string): void;
  /** The dragged node moved; `snap` is false while Alt is held. */
  moveDrag(snap: boolean): void;
  /** The drag ended; `cancelled` (Escape) puts every layer back where it was. */
  endDrag(cancelled: boolean): void;
  /** Escape during a resize/rotate: stop the Transformer (it then reports its end). */
  stopTransform(): void;
  /** The resize/rotate ended: commit it as one undo step unless `cancelled`. */
  endTransform(cancelled: boolean): void;
  /** Opens the in-place text editor on a text layer (and selects it). */
  openTextEditor(layerId: string): void;
}

/** The layer under a press on the stage, as the stage sees it. */
export interface PressTarget {
  /** The layer's id; null on empty canvas or the background. */
  layerId: string | null;
  /** A handle or border of the selection Transformer. */
  transformerPart: boolean;
  /** An unlocked text layer (may be edited in place). */
  editableText: boolean;
}

export type GestureEvent =
  // Native listeners on the stage's container, capture phase (before Konva sees the press).
  | { type: 'nav.down'; pointerId: number; pointerType: PointerKind; button: number; point: Point; emptyAt: boolean }
  | { type: 'nav.move'; pointerId: number; pointerType: PointerKind; point: Point }
  | { type: 'nav.up'; pointerId: number; pointerType: PointerKind; point: Point }
  | { type: 'space.down' }
  | { type: 'space.up' }
  | { type: 'window.blur' }
  | { type: 'escape' }
  // Konva's stage events.
  | {
      type: 'stage.down';
      pointerType: PointerKind;
      button: number;
      isPrimary: boolean;
      client: Point;
      target: PressTarget;
      additive: boolean;
      selected: string[];
      /** Crop or mask mode owns the pointer: no selection change, no marquee. */
      modeOwnsPointer: boolean;
      /** The press in stage-local screen pixels (marquee origin). */
      point: Point;
    }
  | { type: 'stage.move'; client: Point }
  | { type: 'stage.up' }
  | { type: 'stage.click'; layerId: string | null; additive: boolean; selected: string[] }
  | { type: 'stage.dblclick'; target: PressTarget }
  // The marquee's window listeners (the pointer may leave the stage).
  | { type: 'marquee.move'; point: Point }
  | { type: 'marquee.up'; point: Point }
  // Konva's drag and Transformer events.
  | { type: 'drag.start'; layerId: string; movable: boolean }
  | { type: 'drag.move'; altKey: boolean }
  | { type: 'drag.end' }
  | { type: 'transform.start' }
  | { type: 'transform.end' }
  // In-place text editing (Enter, double-click, long press; the editor reports its close).
  | { type: 'text.edit'; layerId: string }
  | { type: 'text.closed' };
