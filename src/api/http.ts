/**
 * The client's one door to the network besides the typed calls of this folder: every HTTP request of the
 * app is made here or in another src/api module (scripts/noFetchOutsideApi.test.ts fails on a `fetch(`
 * elsewhere). Pages and the editor call the named helpers below instead of `fetch`.
 */
import { deviceHeaders } from './deviceId';

/** A plain request; `withDevice` adds the device headers our server uses to tell whose files are whose. */
export function apiFetch(input: string, init: RequestInit & { withDevice?: boolean } = {}): Promise<Response> {
  const { withDevice, ...rest } = init;
  return fetch(input, withDevice ? { ...rest, headers: { ...deviceHeaders(), ...(rest.headers as Record<string, string> | undefined) } } : rest);
}

/** POSTs JSON with the device headers and gives back the raw response (the caller reads its envelope). */
export function postJsonRaw(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return apiFetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal, withDevice: true });
}

/** GETs a JSON envelope's reply; rejects on a network error or a body that is not JSON. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await apiFetch(path, { signal });
  return (await response.json()) as T;
}

/**
 * Downloads a file (a result, a project asset, a picture behind the download proxy) as a Blob; a non-OK
 * answer rejects with `<what>: HTTP <status>`.
 */
export async function fetchFile(url: string, options: { signal?: AbortSignal; withDevice?: boolean; what?: string } = {}): Promise<Blob> {
  const response = await apiFetch(url, { signal: options.signal, withDevice: options.withDevice });
  if (!response.ok) throw new Error(`${options.what ?? 'download failed'}: HTTP ${response.status}`);
  return response.blob();
}

/** Like {@link fetchFile}, but null instead of a rejection when the server answers non-OK. */
export async function fetchFileIfPresent(url: string, signal?: AbortSignal): Promise<Blob | null> {
  const response = await apiFetch(url, { signal });
  return response.ok ? response.blob() : null;
}
