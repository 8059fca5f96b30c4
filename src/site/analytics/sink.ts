/**
 * The analytics sink: where page views go. The embedded default writes them to the console; a
 * self-hoster plugs in their own (`setAnalyticsSink`), for example a fetch to their own server.
 * No third-party tracker is bundled. Nothing is sent until the visitor accepted statistics.
 */
import { statisticsAllowed } from '../consent/consent';
import type { PageNameKey, PageType } from './pageKeys';

export interface PageViewEvent {
  event: 'page_view';
  pageName: PageNameKey;
  pageType: PageType | null;
  /** Path after the language prefix. */
  path: string;
  lang: string;
}

export type AnalyticsSink = (event: PageViewEvent) => void;

/** The default sink: one console line per page view. */
export const consoleSink: AnalyticsSink = (event) => console.info('[analytics]', JSON.stringify(event));

let sink: AnalyticsSink = consoleSink;

/** Replaces the sink (returns the previous one, so tests can restore it). */
export function setAnalyticsSink(next: AnalyticsSink): AnalyticsSink {
  const previous = sink;
  sink = next;
  return previous;
}

/** Sends one event when the visitor allowed statistics; returns whether it was sent. */
export function track(event: PageViewEvent): boolean {
  if (!statisticsAllowed()) return false;
  try {
    sink(event);
  } catch (error) {
    // A broken sink must never break the page.
    console.warn('analytics sink failed', error);
  }
  return true;
}
