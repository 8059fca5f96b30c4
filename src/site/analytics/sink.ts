/**
 * The analytics sink: where page views go. The embedded default writes them to the console; a
 * self-hoster plugs in their own (`setAnalyticsSink`), for example a fetch to their own server.
 * No third-party tracker is bundled. Nothing is sent until the visitor accepted statistics.
 */
import { CLIENT_ID_KEY } from '../../../engine/spec/storageKeys';
import { statisticsAllowed } from '../consent/consent';
import type { PageNameKey, PageType } from './pageKeys';

export interface PageViewEvent {
  event: 'page_view';
  pageName: PageNameKey;
  pageType: PageType | null;
  /** Path after the language prefix. */
  path: string;
  lang: string;
  /** SPEC §3 client id: this browser's id for counting page views (set by `track`, after consent). */
  clientId?: string;
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

/** 32 random hex characters, made once per browser (a statistics key: only after "Accept all"). */
function clientId(): string | undefined {
  try {
    let id = localStorage.getItem(CLIENT_ID_KEY);
    if (!id || !/^[0-9a-f]{32}$/.test(id)) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(CLIENT_ID_KEY, id);
    }
    return id;
  } catch {
    return undefined; // No storage: the view is still counted, without a client id.
  }
}

/** Sends one event when the visitor allowed statistics, with the client id; returns whether it was sent. */
export function track(event: PageViewEvent): boolean {
  if (!statisticsAllowed()) return false;
  try {
    sink({ ...event, clientId: clientId() });
  } catch (error) {
    // A broken sink must never break the page.
    console.warn('analytics sink failed', error);
  }
  return true;
}
