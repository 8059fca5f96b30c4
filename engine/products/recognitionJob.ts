/**
 * When the AI background step recognises the product again, and which answer it keeps (SPEC §4 "AI
 * background": recognition runs when the set of non-text, non-sticker layers changes; a result is used
 * only if its job key is still the latest).
 */
import { LayerKind } from '../spec/kinds';
import type { Layer } from '../doc/types';

/** The layers recognition looks at: every layer that is not text and not a sticker (the background layer too). */
export function recognitionLayers(layers: readonly Layer[]): Layer[] {
  return layers.filter(
    (l) => l.valueType !== 'text' && l.valueType !== 'colorfulText' && l.type !== LayerKind.STICKER && l.type !== LayerKind.TEXT && l.resType !== 'sticker',
  );
}

/**
 * The job key of a set of layers: their ids and pictures (uri, or colour), sorted so that z-order
 * changes alone do not count as a new set. Moving or resizing a layer does not change it either.
 */
export function recognitionKey(layers: readonly Layer[]): string {
  return recognitionLayers(layers)
    .map((l) => `${l.layerId}:${l.value.valueType === 'img' ? l.value.img.uri : l.value.valueType === 'color' ? JSON.stringify(l.value.color) : l.valueType}`)
    .sort()
    .join('|');
}

/**
 * Keeps only the latest job's answer: each start names its key, and an answer is taken only while its
 * key is still the latest one started (an older, slower job's answer is dropped).
 */
export class LatestJob<T> {
  private latest: string | null = null;
  private value: T | null = null;

  /** Starts a job for `key`; returns false when that key is already the latest (nothing to redo). */
  start(key: string): boolean {
    if (key === this.latest) return false;
    this.latest = key;
    this.value = null;
    return true;
  }

  /** Offers the answer of the job started for `key`; true when it was kept. */
  finish(key: string, value: T): boolean {
    if (key !== this.latest) return false;
    this.value = value;
    return true;
  }

  get key(): string | null {
    return this.latest;
  }

  get result(): T | null {
    return this.value;
  }
}
