/** Puts each `sections/<area>/<lang>.json` under the top-level key `<area>` (see locales/README.md). */
export interface Messages {
  [key: string]: string | Messages;
}

export function mergeSections(base: Messages, sections: Record<string, Messages>): Messages {
  const merged: Messages = { ...base };
  for (const [file, messages] of Object.entries(sections)) {
    const area = /\/sections\/([^/]+)\/[^/]+\.json$/.exec(file)?.[1];
    if (area) merged[area] = messages;
  }
  return merged;
}
