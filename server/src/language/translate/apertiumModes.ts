import { readdir } from 'node:fs/promises';
import { ENGLISH, toIso639_3 } from '../iso639';
import { runProcess } from './runProcess';

/** Where Debian's apertium-* packages put their mode files. */
export const DEBIAN_MODES_DIR = '/usr/share/apertium/modes';

/**
 * The installed Apertium modes ("spa-eng", "pt-es", "ita-spa" …): `apertium -l` first, the Debian modes folder
 * if that fails. An empty list when Apertium is absent.
 */
export async function listApertiumModes(command = 'apertium', modesDir = DEBIAN_MODES_DIR): Promise<string[]> {
  try {
    const { stdout } = await runProcess(command, ['-l'], '', { timeoutMs: 5_000 });
    const modes = stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^[\w-]+$/.test(line));
    if (modes.length > 0) return modes;
  } catch {
    // Fall through to the folder: older versions have no -l.
  }
  try {
    return (await readdir(modesDir)).filter((f) => f.endsWith('.mode')).map((f) => f.slice(0, -'.mode'.length));
  } catch {
    return [];
  }
}

/**
 * For each source language (ISO 639-3), the modes to run in a row to reach English: a direct pair when one is
 * installed, else one pivot ("pt-es" then "spa-eng"; Debian ships only Spanish ↔ English among the product's
 * languages). Mode names are "<from>-<to>" in 639-1 or 639-3 spellings; variants ("spa-eng_US", "eco-fr-es")
 * are left out, and the first mode listed for a pair wins.
 * @example planRoutes(['spa-eng', 'pt-es']).get('por') // ['pt-es', 'spa-eng']
 */
export function planRoutes(modes: readonly string[]): Map<string, string[]> {
  const edges = new Map<string, Map<string, string>>(); // from → (to → mode)
  for (const mode of modes) {
    const match = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(mode);
    const from = match && toIso639_3(match[1]);
    const to = match && toIso639_3(match[2]);
    if (!from || !to || from === to) continue;
    const out = edges.get(from) ?? new Map<string, string>();
    if (!out.has(to)) out.set(to, mode);
    edges.set(from, out);
  }
  const routes = new Map<string, string[]>();
  for (const [from, out] of edges) {
    if (from === ENGLISH) continue;
    const direct = out.get(ENGLISH);
    if (direct) {
      routes.set(from, [direct]);
      continue;
    }
    for (const [pivot, first] of out) {
      const second = edges.get(pivot)?.get(ENGLISH);
      if (second) {
        routes.set(from, [first, second]);
        break;
      }
    }
  }
  return routes;
}
