/**
 * The pointer tools of the live canvas as one machine: select, marquee, layer drag, Transformer
 * resize/rotate, pan (Space+drag, middle button, one finger on empty canvas), two-finger pinch,
 * in-place text editing and the touch long press that opens it. Four regions run side by side:
 * - `pointer`: which gesture owns the pointer (idle, marquee, dragging, transforming, panning,
 *   pinching, pinchEnding): only one at a time, so a pan never becomes a layer drag;
 * - `space`: Space held turns a left-button drag into a pan;
 * - `hold`: a finger resting on a text for LONG_PRESS_MS opens it for editing;
 * - `text`: the in-place text editor is open.
 * The machine decides; the stage's effects (GestureEffects, given as input) do. It never touches
 * Konva, the DOM or the editor itself, so every transition is tested headless
 * (canvasGesture.machine.test.ts).
 */
import { and, assign, raise, setup } from 'xstate';
import type { GestureEffects, GestureEvent, Point } from './canvasGesture.types';

export type { GestureEffects, GestureEvent, Point, PointerKind, PressTarget } from './canvasGesture.types';

/** How long a finger rests on a text before it opens for editing (a touch screen has no double-click). */
export const LONG_PRESS_MS = 500;
/** A finger that moves more than this (screen px) is no long press. */
export const LONG_PRESS_SLOP_PX = 8;
/** A touch pan that moved less than this (screen px) before lifting is a tap on empty canvas. */
export const TAP_SLOP_PX = 6;

export interface GestureContext {
  effects: GestureEffects;
  /** Space is held: a left-button drag pans instead of selecting or moving layers. */
  spaceHeld: boolean;
  /** Touch points down on the stage, by pointer id (stage-local screen px). */
  touches: Record<number, Point>;
  /** The next layer drag must not start (its press toggled the layer out of the selection). */
  cancelNextDrag: boolean;
  /** Escape was pressed during the drag or transform under way. */
  cancelled: boolean;
  /** Pan: where it started and where the pointer last was. */
  pan: { start: Point; last: Point; touch: boolean } | null;
  /** Pinch: the fingers' middle and distance when it started. */
  pinch: { mid: Point; dist: number } | null;
  /** Marquee: its origin and the selection it adds to. */
  marquee: { origin: Point; before: string[] } | null;
  /** Long press: the text layer and where the finger went down (client px). */
  hold: { layerId: string; client: Point } | null;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const twoTouches = (touches: Record<number, Point>): [Point, Point] | null => {
  const points = Object.values(touches);
  return points.length >= 2 ? [points[0], points[1]] : null;
};
const withoutTouch = (touches: Record<number, Point>, id: number) => {
  const next = { ...touches };
  delete next[id];
  return next;
};

type E<T extends GestureEvent['type']> = Extract<GestureEvent, { type: T }>;
type Args<T extends GestureEvent['type']> = { context: GestureContext; event: E<T> };

/** A touch going down while exactly one other finger is down: a pinch starts. */
const isSecondTouch = ({ context, event }: Args<'nav.down'>) =>
  event.pointerType === 'touch' && !(event.pointerId in context.touches) && Object.keys(context.touches).length === 1;

export const canvasGestureMachine = setup({
  types: {
    context: {} as GestureContext,
    events: {} as GestureEvent,
    input: {} as { effects: GestureEffects },
  },
  guards: {
    secondTouch: ({ context, event }) => event.type === 'nav.down' && isSecondTouch({ context, event }),
    /** Middle button, Space + left button, or one finger on empty canvas: the press pans the view. */
    startsPan: ({ context, event }, params: { spaceHeld: boolean }) => {
      if (event.type !== 'nav.down') return false;
      if (event.pointerType === 'touch') return Object.keys(context.touches).length === 0 && event.emptyAt;
      return event.button === 1 || (event.button === 0 && params.spaceHeld);
    },
    /** A press on the stage the selection tool handles (left button, not on a handle, no crop/mask mode). */
    selectable: ({ event }) =>
      event.type === 'stage.down' && !(event.pointerType === 'mouse' && event.button !== 0) && !event.target.transformerPart && !event.modeOwnsPointer,
    onLayer: ({ event }) => event.type === 'stage.down' && event.target.layerId !== null,
    dragAllowed: ({ context, event }) => event.type === 'drag.start' && event.movable && !context.cancelNextDrag,
    holdStarts: ({ event }) => event.type === 'stage.down' && event.pointerType === 'touch' && event.isPrimary && event.target.editableText,
    movedTooFar: ({ context, event }) => event.type === 'stage.move' && !!context.hold && distance(event.client, context.hold.client) > LONG_PRESS_SLOP_PX,
    lastTouchUp: ({ context, event }) =>
      event.type === 'nav.up' && (event.pointerType !== 'touch' || Object.keys(withoutTouch(context.touches, event.pointerId)).length === 0),
    fewerThanTwo: ({ context, event }) => event.type === 'nav.up' && Object.keys(withoutTouch(context.touches, event.pointerId)).length < 2,
  },
  actions: {
    trackTouch: assign({
      touches: ({ context, event }) =>
        (event.type === 'nav.down' || event.type === 'nav.move') &&
        event.pointerType === 'touch' &&
        (event.type === 'nav.down' || event.pointerId in context.touches)
          ? { ...context.touches, [event.pointerId]: event.point }
          : context.touches,
    }),
    untrackTouch: assign({
      touches: ({ context, event }) => (event.type === 'nav.up' ? withoutTouch(context.touches, event.pointerId) : context.touches),
    }),
  },
  delays: { longPress: LONG_PRESS_MS },
}).createMachine({
  id: 'canvasGesture',
  type: 'parallel',
  context: ({ input }) => ({
    effects: input.effects,
    spaceHeld: false,
    touches: {},
    cancelNextDrag: false,
    cancelled: false,
    pan: null,
    pinch: null,
    marquee: null,
    hold: null,
  }),
  on: {
    // A click (no drag) on one layer of a multi-selection selects just that one.
    'stage.click': {
      actions: [
        assign({ cancelNextDrag: false }),
        ({ context, event }) => {
          const { layerId, selected } = event;
          if (!event.additive && layerId && selected.length > 1 && selected.includes(layerId)) context.effects.select([layerId]);
        },
      ],
    },
  },
  states: {
    pointer: {
      initial: 'idle',
      on: {
        // A resize Konva began while another gesture had the pointer still changed the nodes: commit it.
        'transform.end': { actions: ({ context }) => context.effects.endTransform(false) },
        // A second finger always wins: whatever the first one did becomes a pinch.
        'nav.down': {
          guard: 'secondTouch',
          target: '.pinching',
          actions: [
            'trackTouch',
            ({ context }) => context.effects.stopLayerDrags(),
            assign({
              pan: null,
              pinch: ({ context, event }) => {
                const [a, b] = Object.values({ ...context.touches, [event.pointerId]: event.point });
                return { mid: middle(a, b), dist: Math.max(1, distance(a, b)) };
              },
            }),
            ({ context }) => context.effects.beginPinch(),
          ],
        },
      },
      states: {
        idle: {
          on: {
            'nav.down': [
              {
                guard: { type: 'startsPan', params: ({ context }) => ({ spaceHeld: context.spaceHeld }) },
                target: 'panning',
                actions: ['trackTouch', assign({ pan: ({ event }) => ({ start: event.point, last: event.point, touch: event.pointerType === 'touch' }) })],
              },
              { actions: 'trackTouch' },
            ],
            'nav.up': { actions: 'untrackTouch' },
            'stage.down': [
              {
                guard: and(['selectable', 'onLayer']),
                actions: [
                  assign({
                    cancelNextDrag: ({ event }) => event.additive && event.selected.includes(event.target.layerId as string),
                  }),
                  ({ context, event }) => {
                    const layerId = event.target.layerId as string;
                    const { selected } = event;
                    if (event.additive) context.effects.select(selected.includes(layerId) ? selected.filter((id) => id !== layerId) : [...selected, layerId]);
                    else if (!selected.includes(layerId)) context.effects.select([layerId]);
                  },
                ],
              },
              {
                guard: 'selectable',
                target: 'marquee',
                actions: [
                  ({ context, event }) => {
                    if (!event.additive) context.effects.select([]);
                  },
                  assign({ marquee: ({ event }) => ({ origin: event.point, before: event.additive ? event.selected : [] }) }),
                ],
              },
            ],
            'drag.start': [
              {
                guard: 'dragAllowed',
                target: 'dragging',
                actions: [assign({ cancelled: false }), ({ context, event }) => context.effects.beginDrag(event.layerId)],
              },
              { actions: [assign({ cancelNextDrag: false }), ({ context, event }) => context.effects.refuseDrag(event.layerId)] },
            ],
            'transform.start': { target: 'transforming', actions: assign({ cancelled: false }) },
          },
        },
        marquee: {
          on: {
            'marquee.move': { actions: ({ context, event }) => context.effects.showMarquee(context.marquee!.origin, event.point) },
            'marquee.up': {
              target: 'idle',
              actions: [
                ({ context, event }) => context.effects.finishMarquee(context.marquee!.origin, event.point, context.marquee!.before),
                assign({ marquee: null }),
              ],
            },
            'drag.start': { actions: [assign({ cancelNextDrag: false }), ({ context, event }) => context.effects.refuseDrag(event.layerId)] },
          },
        },
        dragging: {
          on: {
            'drag.move': { actions: ({ context, event }) => context.effects.moveDrag(!event.altKey) },
            // Konva reports the drag's end after stopDrag; endDrag then puts everything back.
            escape: { actions: [assign({ cancelled: true }), ({ context }) => context.effects.stopLayerDrags()] },
            'drag.end': { target: 'idle', actions: ({ context }) => context.effects.endDrag(context.cancelled) },
          },
        },
        transforming: {
          on: {
            escape: { actions: [assign({ cancelled: true }), ({ context }) => context.effects.stopTransform()] },
            'transform.end': { target: 'idle', actions: ({ context }) => context.effects.endTransform(context.cancelled) },
          },
        },
        panning: {
          on: {
            'nav.move': {
              actions: [
                'trackTouch',
                ({ context, event }) => {
                  const pan = context.pan!;
                  if (pan.touch && event.pointerType !== 'touch') return;
                  context.effects.panBy(event.point.x - pan.last.x, event.point.y - pan.last.y);
                },
                assign({
                  pan: ({ context, event }) => (context.pan!.touch && event.pointerType !== 'touch' ? context.pan : { ...context.pan!, last: event.point }),
                }),
              ],
            },
            'nav.up': [
              {
                guard: 'lastTouchUp',
                target: 'idle',
                actions: [
                  ({ context, event }) => {
                    // A finger that barely moved tapped empty canvas: clear the selection.
                    if (context.pan!.touch && distance(event.point, context.pan!.start) < TAP_SLOP_PX) context.effects.select([]);
                  },
                  'untrackTouch',
                  assign({ pan: null }),
                ],
              },
              { actions: 'untrackTouch' },
            ],
            'drag.start': { actions: ({ context, event }) => context.effects.refuseDrag(event.layerId) },
          },
        },
        pinching: {
          on: {
            'nav.move': {
              actions: [
                'trackTouch',
                ({ context }) => {
                  const pair = twoTouches(context.touches);
                  if (pair && context.pinch) context.effects.pinchTo(context.pinch, { mid: middle(pair[0], pair[1]), dist: distance(pair[0], pair[1]) });
                },
              ],
            },
            'nav.up': [
              { guard: 'lastTouchUp', target: 'idle', actions: ['untrackTouch', assign({ pinch: null })] },
              { guard: 'fewerThanTwo', target: 'pinchEnding', actions: ['untrackTouch', assign({ pinch: null })] },
              { actions: 'untrackTouch' },
            ],
            'drag.start': { actions: ({ context, event }) => context.effects.refuseDrag(event.layerId) },
            // A layer drag stopped by the pinch still ends (and keeps what it moved).
            'drag.end': { actions: ({ context }) => context.effects.endDrag(false) },
          },
        },
        // One finger of a pinch is still down: it neither pans nor drags until it lifts.
        pinchEnding: {
          on: {
            'nav.move': { actions: 'trackTouch' },
            'nav.up': [{ guard: 'lastTouchUp', target: 'idle', actions: 'untrackTouch' }, { actions: 'untrackTouch' }],
            'drag.start': { actions: ({ context, event }) => context.effects.refuseDrag(event.layerId) },
          },
        },
      },
    },
    space: {
      initial: 'up',
      states: {
        up: { on: { 'space.down': { target: 'held', actions: [assign({ spaceHeld: true }), ({ context }) => context.effects.setGrabCursor(true)] } } },
        held: {
          on: {
            'space.up': { target: 'up', actions: [assign({ spaceHeld: false }), ({ context }) => context.effects.setGrabCursor(false)] },
            'window.blur': { target: 'up', actions: [assign({ spaceHeld: false }), ({ context }) => context.effects.setGrabCursor(false)] },
          },
        },
      },
    },
    hold: {
      initial: 'off',
      states: {
        off: {
          on: {
            'stage.down': {
              guard: 'holdStarts',
              target: 'pending',
              actions: assign({ hold: ({ event }) => ({ layerId: event.target.layerId as string, client: event.client }) }),
            },
          },
        },
        pending: {
          after: {
            longPress: {
              target: 'off',
              actions: [raise(({ context }) => ({ type: 'text.edit' as const, layerId: context.hold!.layerId })), assign({ hold: null })],
            },
          },
          on: {
            // A new press restarts (or ends) the wait.
            'stage.down': [
              {
                guard: 'holdStarts',
                target: 'pending',
                reenter: true,
                actions: assign({ hold: ({ event }) => ({ layerId: event.target.layerId as string, client: event.client }) }),
              },
              { target: 'off', actions: assign({ hold: null }) },
            ],
            'stage.move': { guard: 'movedTooFar', target: 'off', actions: assign({ hold: null }) },
            'stage.up': { target: 'off', actions: assign({ hold: null }) },
            'drag.start': { target: 'off', actions: assign({ hold: null }) },
            'nav.down': { guard: 'secondTouch', target: 'off', actions: assign({ hold: null }) },
          },
        },
      },
    },
    text: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'text.edit': { target: 'editing', actions: ({ context, event }) => context.effects.openTextEditor(event.layerId) },
            'stage.dblclick': {
              guard: ({ event }) => event.target.editableText && event.target.layerId !== null,
              target: 'editing',
              actions: ({ context, event }) => context.effects.openTextEditor(event.target.layerId as string),
            },
          },
        },
        editing: {
          on: {
            'text.closed': 'closed',
            // Another text (Enter on a new selection): the editor moves to it.
            'text.edit': { actions: ({ context, event }) => context.effects.openTextEditor(event.layerId) },
          },
        },
      },
    },
  },
});
