import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { ApertiumTranslator } from './apertium';
import { LibreTranslateTranslator } from './libreTranslate';
import { TranslateFailedError, TranslateUnavailableError, type TranslationResult, type Translator } from './translator';

/**
 * Several back ends in order of preference. A language goes to the first back end that supports it; when that
 * one fails, the next that supports it is tried. `translateDetailed` also says which back end answered.
 */
export class ChainTranslator implements Translator {
  readonly name: string;

  constructor(readonly members: readonly Translator[]) {
    this.name = members.map((m) => m.name).join('+');
  }

  /** The names of the member back ends, in order. */
  get engines(): string[] {
    return this.members.map((m) => m.name);
  }

  async supports(from: string): Promise<boolean> {
    for (const member of this.members) if (await member.supports(from)) return true;
    return false;
  }

  async languages(): Promise<string[]> {
    const all = await Promise.all(this.members.map((m) => m.languages()));
    return [...new Set(all.flat())].sort();
  }

  async translate(text: string, from: string): Promise<string> {
    return (await this.translateDetailed(text, from)).text;
  }

  async translateDetailed(text: string, from: string): Promise<TranslationResult> {
    let lastFailure: unknown = null;
    for (const member of this.members) {
      if (!(await member.supports(from))) continue;
      try {
        if (member.translateDetailed) return await member.translateDetailed(text, from);
        return { text: await member.translate(text, from), engine: member.name };
      } catch (err) {
        if (err instanceof TranslateUnavailableError) continue;
        console.error(`translation: ${member.name} failed from "${from}"; trying the next back end`, err);
        lastFailure = err;
      }
    }
    if (lastFailure instanceof TranslateFailedError) throw lastFailure;
    if (lastFailure) throw new TranslateFailedError(this.name, String(lastFailure));
    throw new TranslateUnavailableError(from);
  }
}

/** True when `program` is an executable file in one of PATH's folders. */
export function isOnPath(program: string, envPath: string): boolean {
  return envPath
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(path.join(dir, program), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/**
 * The translation back end the environment configures: LibreTranslate when TRANSLATE_URL is set (with
 * TRANSLATE_API_KEY if given), followed by Apertium as the fallback when it is installed; Apertium alone
 * without TRANSLATE_URL; undefined when neither exists (every non-English prompt then fails translation).
 */
export function createTranslator(env: NodeJS.ProcessEnv, deps: { apertiumInstalled?: boolean } = {}): ChainTranslator | undefined {
  const members: Translator[] = [];
  const url = env.TRANSLATE_URL?.trim();
  if (url) {
    if (!/^https?:\/\//i.test(url)) throw new Error(`TRANSLATE_URL must be an http(s) URL, got "${url}"`);
    members.push(new LibreTranslateTranslator({ url, apiKey: env.TRANSLATE_API_KEY?.trim() || undefined }));
  }
  if (deps.apertiumInstalled ?? isOnPath('apertium', env.PATH ?? '')) members.push(new ApertiumTranslator());
  return members.length > 0 ? new ChainTranslator(members) : undefined;
}
