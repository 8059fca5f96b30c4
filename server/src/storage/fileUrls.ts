/** File URLs of this server (`/files/<key>`) and the storage keys they name. */

/** Turns `/files/<key>` or `http(s)://host/files/<key>` into a storage key, or null. */
export function storageKeyFromUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = url.startsWith('/') ? new URL(url, 'http://local').pathname : new URL(url).pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith('/files/')) return null;
  try {
    return decodeURIComponent(pathname.slice('/files/'.length));
  } catch {
    return null; // a malformed %-escape names no file
  }
}
