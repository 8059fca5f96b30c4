import { toIso639_3 } from '../iso639';
import { listApertiumModes, planRoutes } from './apertiumModes';
import { ProcessError, runProcess } from './runProcess';
import { TranslateFailedError, TranslateUnavailableError, type TranslationResult, type Translator } from './translator';

/**
 * Apertium marks a word it could not translate with '*' (unknown), '@' (no transfer rule) or '#' (no generated
 * form). Returns the text without the marks and the marked words (punctuation trimmed), once each, in order.
 */
export function readApertiumMarks(output: string): { text: string; untranslated: string[] } {
  const untranslated: string[] = [];
  const text = output.replace(/(^|[\s(["'¿¡])[*@#]+([^\s*@#]+)/gu, (_, before: string, word: string) => {
    const bare = word.replace(/[.,;:!?)"'\]]+$/u, '');
    if (bare && !untranslated.includes(bare)) untranslated.push(bare);
    return before + word;
  });
  return { text: text.replace(/\s+/g, ' ').trim(), untranslated };
}

export interface ApertiumOptions {
  /** The apertium program (default 'apertium' from PATH). */
  command?: string;
  /** Time limit per Apertium run (default 15 s; a pivot runs twice). */
  timeoutMs?: number;
  /** Apertium processes running at once at most (default 2: each is CPU-bound). */
  maxConcurrent?: number;
  /** Lists the installed modes; injectable for tests (default: `apertium -l`, then the Debian modes folder). */
  listModes?: () => Promise<string[]>;
}

/**
 * Debian's Apertium (GPL-2), run as a separate program, one prompt per call, text on stdin. Rule-based and
 * rough: Spanish → English directly, Portuguese, French and Italian through Spanish, nothing else of the
 * product's languages. Unknown words come back marked ('*raposa'), so the user can be shown which words of
 * the prompt were left untranslated (issue 13); the marks are removed from the text.
 */
export class ApertiumTranslator implements Translator {
  readonly name = 'apertium';
  private readonly command: string;
  private readonly timeoutMs: number;
  private readonly maxConcurrent: number;
  private readonly listModes: () => Promise<string[]>;
  private routes: Promise<Map<string, string[]>> | null = null;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(options: ApertiumOptions = {}) {
    this.command = options.command ?? 'apertium';
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxConcurrent = options.maxConcurrent ?? 2;
    this.listModes = options.listModes ?? (() => listApertiumModes(this.command));
  }

  async supports(from: string): Promise<boolean> {
    return (await this.modeRoutes()).has(toIso639_3(from) ?? from);
  }

  async languages(): Promise<string[]> {
    return [...(await this.modeRoutes()).keys()].sort();
  }

  async translate(text: string, from: string): Promise<string> {
    return (await this.translateDetailed(text, from)).text;
  }

  /** The translation with the words Apertium left untranslated (through a pivot, in either step). */
  async translateDetailed(text: string, from: string): Promise<TranslationResult> {
    const route = (await this.modeRoutes()).get(toIso639_3(from) ?? from);
    if (!route) throw new TranslateUnavailableError(from);
    // Apertium joins lines into one sentence soup; a prompt is one line of text anyway.
    let current = text.replace(/\s*\n\s*/g, ' ').trim();
    const untranslated: string[] = [];
    for (const mode of route) {
      const marked = readApertiumMarks(await this.run(mode, current));
      for (const word of marked.untranslated) if (!untranslated.includes(word)) untranslated.push(word);
      current = marked.text;
    }
    return { text: current, engine: this.name, untranslated };
  }

  /** Installed modes are read once; a failed read is not kept, so installing Apertium later needs no restart. */
  private modeRoutes(): Promise<Map<string, string[]>> {
    this.routes ??= this.listModes().then(
      (modes) => {
        const routes = planRoutes(modes);
        if (routes.size === 0) this.routes = null;
        return routes;
      },
      (err: unknown) => {
        console.error('Apertium: could not list the installed modes', err);
        this.routes = null;
        return new Map<string, string[]>();
      },
    );
    return this.routes;
  }

  private async run(mode: string, text: string): Promise<string> {
    await this.acquire();
    try {
      return (await runProcess(this.command, [mode], text, { timeoutMs: this.timeoutMs, stdinAsFile: true })).stdout;
    } catch (err) {
      throw new TranslateFailedError(this.name, err instanceof ProcessError ? err.message : String(err));
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.maxConcurrent) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next)
      next(); // the slot passes straight to the next caller
    else this.running--;
  }
}
