/** File names for downloads made from a project (the zip), safe on every operating system. */

/** Characters Windows, macOS or Linux refuse in a file name, and control characters. */
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
const MAX_LENGTH = 80;

/**
 * `<name>.zip` from the project name, or `project_<pid>.zip` when the name has nothing usable.
 * @example projectZipName('Summer sale / v2', 'PROJ_abc') // 'Summer sale - v2.zip'
 */
export function projectZipName(name: string, pid: string): string {
  const cut = safeFileStem(name);
  return cut ? `${cut}.zip` : `project_${pid}.zip`;
}

/**
 * A name made safe as a file name's stem (no extension), at most 80 characters; '' when nothing is left.
 * @example safeFileStem('Summer sale / v2') // 'Summer sale - v2'
 */
export function safeFileStem(name: string): string {
  const clean = name
    .replace(UNSAFE, ' - ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .trim();
  return [...clean].slice(0, MAX_LENGTH).join('').trim();
}

/**
 * The download name of a tool's result: the original file's name and the tool, e.g.
 * "coffee-remove-background.png"; the SPEC's `fileresult_<timestamp>.<ext>` when the original
 * name is unknown or unusable.
 * @example resultFileName('coffee.jpg', 'remove-background', 'png') // 'coffee-remove-background.png'
 */
export function resultFileName(original: string | null | undefined, tool: string, ext: string, timestamp = Date.now()): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  const stem = safeFileStem(base.replace(/\.[a-z0-9]{1,5}$/i, ''));
  if (!stem) return `fileresult_${timestamp}.${ext}`;
  // A name that already ends with this tool (a result run again) is not suffixed twice.
  return stem.endsWith(`-${tool}`) || !tool ? `${stem}.${ext}` : `${stem}-${tool}.${ext}`;
}

/**
 * The download name of a design: the project's name ("Summer sale.png"), else the SPEC's default.
 * @example designFileName('Summer sale', 'png') // 'Summer sale.png'
 */
export function designFileName(projectName: string, ext: string, timestamp = Date.now()): string {
  const stem = safeFileStem(projectName);
  return stem ? `${stem}.${ext}` : `fileresult_${timestamp}.${ext}`;
}
