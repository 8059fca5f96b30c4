/**
 * Names of batch results (issue 17: "names keep the originals with a suffix; duplicates get distinct
 * names"). A stem is chosen once per photo, when it joins the batch; the extension comes from the result.
 */

/** The last part of a path (`shoes/red/a.jpg` or `shoes\\a.jpg` → `a.jpg`), for names from folders and ZIPs. */
export function baseName(name: string): string {
  const parts = name.split(/[/\\]/).filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

/**
 * A file name reduced to characters every file system and ZIP tool accepts: no control characters,
 * no path separators or reserved characters, no leading dots, at most 100 characters.
 */
export function safeStem(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const clean = stem
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 100);
  return clean || 'photo';
}

/**
 * The output stem of `name` with `suffix`, distinct (case-insensitively, as on macOS and Windows) from
 * every stem in `taken`, which it joins: `shoe` → `shoe-nobg`, then `shoe-nobg-2`, `shoe-nobg-3`…
 * @example uniqueOutputStem('IMG_1.JPG', '-nobg', new Set()) // 'IMG_1-nobg'
 */
export function uniqueOutputStem(name: string, suffix: string, taken: Set<string>): string {
  const base = `${safeStem(name)}${suffix}`;
  let stem = base;
  for (let n = 2; taken.has(stem.toLowerCase()); n++) stem = `${base}-${n}`;
  taken.add(stem.toLowerCase());
  return stem;
}
