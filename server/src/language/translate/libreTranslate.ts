import { toIso639_1, toIso639_3 } from '../iso639';
import { TranslateFailedError, TranslateUnavailableError, type Translator } from './translator';

export interface LibreTranslateOptions {
  /** Base URL of the service, e.g. http://libretranslate:5000 (env TRANSLATE_URL). */
  url: string;
  /** Sent as api_key when the service requires one (env TRANSLATE_API_KEY). */
  apiKey?: string;
  /** Time limit per HTTP call (default 10 s). */
  timeoutMs?: number;
  /** How long the list of languages is trusted before it is asked again (default 10 min). */
  languagesTtlMs?: number;
  /** Injectable for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** One entry of GET /languages. `targets` is missing in old versions (then every language pairs with every other). */
interface LanguageEntry {
  code: string;
  targets?: string[];
}

/**
 * A LibreTranslate-compatible HTTP service (self-hosted or a provider): GET /languages, POST /translate with
 * `{q, source, target: 'en', format: 'text'}`. Its codes are ISO 639-1, sometimes with a script or region
 * ('zh-Hans', 'zh-Hant', 'pt-BR'); they are mapped to 639-3 here.
 */
export class LibreTranslateTranslator implements Translator {
  readonly name = 'libretranslate';
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly ttlMs: number;
  private readonly fetchFn: typeof fetch;
  private sources: { at: number; map: Promise<Map<string, string>> } | null = null;

  constructor(private readonly options: LibreTranslateOptions) {
    this.url = options.url.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.ttlMs = options.languagesTtlMs ?? 600_000;
    this.fetchFn = options.fetch ?? fetch;
  }

  async supports(from: string): Promise<boolean> {
    return (await this.sourceCodes()).has(toIso639_3(from) ?? from);
  }

  async languages(): Promise<string[]> {
    return [...(await this.sourceCodes()).keys()].sort();
  }

  async translate(text: string, from: string): Promise<string> {
    const source = (await this.sourceCodes()).get(toIso639_3(from) ?? from);
    if (!source) throw new TranslateUnavailableError(from);
    const body: Record<string, string> = { q: text, source, target: 'en', format: 'text' };
    if (this.options.apiKey) body.api_key = this.options.apiKey;
    const reply = await this.call('/translate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const translated = (reply as { translatedText?: unknown }).translatedText;
    if (typeof translated !== 'string') throw new TranslateFailedError(this.name, 'the reply has no translatedText');
    return translated.trim();
  }

  /** 639-3 source code → the service's own code, for languages that translate into English. Cached; failures are not. */
  private sourceCodes(): Promise<Map<string, string>> {
    if (this.sources && Date.now() - this.sources.at < this.ttlMs) return this.sources.map;
    const map = (async () => {
      try {
        const reply = await this.call('/languages', { method: 'GET' });
        if (!Array.isArray(reply)) throw new TranslateFailedError(this.name, 'GET /languages did not answer a list');
        return toSourceMap(reply as LanguageEntry[]);
      } catch (err) {
        console.error('LibreTranslate: could not read the list of languages; none for now, asked again next time', err);
        this.sources = null;
        return new Map<string, string>();
      }
    })();
    this.sources = { at: Date.now(), map };
    return map;
  }

  private async call(path: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetchFn(this.url + path, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new TranslateFailedError(this.name, timedOut ? `no answer within ${this.timeoutMs} ms` : `unreachable (${String(err)})`);
    }
    let reply: unknown;
    try {
      reply = await response.json();
    } catch {
      throw new TranslateFailedError(this.name, `HTTP ${response.status} without a JSON body`);
    }
    if (!response.ok) {
      const message = (reply as { error?: unknown } | null)?.error;
      throw new TranslateFailedError(this.name, `HTTP ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`);
    }
    return reply;
  }
}

/** Builds the 639-3 → service-code map, preferring for each language its plain code, then a Simplified-script one. */
function toSourceMap(entries: LanguageEntry[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of entries) {
    if (typeof entry?.code !== 'string') continue;
    const english = entry.code.toLowerCase().startsWith('en');
    if (english || (Array.isArray(entry.targets) && !entry.targets.includes('en'))) continue;
    // LibreTranslate once named Traditional Chinese 'zt' (not an ISO code).
    const three = entry.code === 'zt' ? 'zho' : toIso639_3(entry.code);
    if (!three) continue;
    const current = map.get(three);
    if (!current || preference(entry.code, three) < preference(current, three)) map.set(three, entry.code);
  }
  return map;
}

/** Lower is better: 'zh' (plain 639-1), then 'zh-Hans' (the script most Chinese prompts use), then variants. */
function preference(code: string, three: string): number {
  if (code === toIso639_1(three)) return 0;
  return /-hans$/i.test(code) ? 1 : 2;
}
