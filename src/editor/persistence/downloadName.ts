/** File names for downloads made from a project (the zip), safe on every operating system. */

/** Characters Windows, macOS or Linux refuse in a file name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
const MAX_LENGTH = 80;

/**
 * `<name>.zip` from the project name, or `project_<pid>.zip` when the name has nothing usable.
 * @example projectZipName('Summer sale / v2', 'PROJ_abc') // 'Summer sale - v2.zip'
 */
export function projectZipName(name: string, pid: string): string {
  const clean = name.replace(UNSAFE, ' - ').replace(/\s+/g, ' ').replace(/^[\s.-]+|[\s.-]+$/g, '').trim();
  const cut = [...clean].slice(0, MAX_LENGTH).join('').trim();
  return cut ? `${cut}.zip` : `project_${pid}.zip`;
}
