/**
 * What the other languages' word lists cost the server (issue 13 item 4): memory and the latency of the first
 * prompt that needs them. Run in a fresh process each time, since the lists load once per process:
 * `node --expose-gc --import tsx bench/promptSafety/lexiconCost.ts [--prompt-only]` (prints one line of figures).
 * - lists: time of `loadForeignLexicons()` alone and the resident memory (RSS) and JS heap it adds, after a
 *   garbage collection on both sides;
 * - first prompt: `guessLanguage` on a prompt with a word English does not know, in a second fresh state
 *   (detectors loading), then a second prompt (everything loaded); with `--prompt-only`, only the first prompt of
 *   a process in which nothing but the English list is loaded (lists and detectors loading together).
 */
import { performance } from 'node:perf_hooks';
import { languagesOfWord, loadForeignLexicons } from '../../server/src/language/foreignLexicons';
import { englishLexicon } from '../../server/src/language/englishLexicon';
import { guessLanguage } from '../../server/src/language/detectLanguage';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const settle = () => {
  gc();
  gc();
  return process.memoryUsage();
};

englishLexicon();
if (process.argv.includes('--prompt-only')) {
  // The server's case: nothing loaded but the English list, and a user's prompt needs the others.
  const start = settle();
  const t0 = performance.now();
  const guess = await guessLanguage('Hapus latar belakang');
  console.log(`first prompt, everything loading: ${(performance.now() - t0).toFixed(0)} ms → ${guess.lanCode}; RSS +${mb(settle().rss - start.rss)} MB`);
  process.exit(0);
}
const before = settle();
let t = performance.now();
await loadForeignLexicons();
const loadMs = performance.now() - t;
// One look-up per list, so that a lazy representation has done its work too.
t = performance.now();
const sample = ['otomatis', 'fondo', 'fundo', 'arrière', 'sfondo', 'hintergrund', 'achtergrond', 'tło', 'arka', 'nền'].map((w) => languagesOfWord(w).join('+'));
const lookupMs = performance.now() - t;
const after = settle();
t = performance.now();
const first = await guessLanguage('Hapus latar belakang');
const firstPromptMs = performance.now() - t;
t = performance.now();
await guessLanguage('quitar el fondo de la foto');
const secondPromptMs = performance.now() - t;
const end = settle();
console.log(
  `lists: load ${loadMs.toFixed(0)} ms, first look-ups ${lookupMs.toFixed(0)} ms, RSS +${mb(after.rss - before.rss)} MB, heap +${mb(after.heapUsed - before.heapUsed)} MB` +
    ` | first prompt (detectors load) ${firstPromptMs.toFixed(0)} ms → ${first.lanCode}, next prompt ${secondPromptMs.toFixed(1)} ms | RSS at end ${mb(end.rss)} MB` +
    ` | sample ${sample.join(',')}`,
);
