import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ResultCode } from '../../../engine/spec/errors';
import { fail, ok } from '../envelope';
import { guessLanguage, type LanguageGuess } from './detectLanguage';
import { ENGLISH, toIso639_3 } from './iso639';
import { ChainTranslator } from './translate/createTranslator';
import { TranslateUnavailableError, type TranslationResult, type Translator } from './translate/translator';

/** Longest prompt accepted for detection and translation (the SPEC sets none; prompts are a line or two). */
export const PROMPT_TEXT_MAX_CHARS = 2000;

const Text = z
  .string({ error: 'text must be a string' })
  .refine((t) => t.trim().length > 0, 'text must not be empty')
  .refine((t) => t.length <= PROMPT_TEXT_MAX_CHARS, `text must be at most ${PROMPT_TEXT_MAX_CHARS} characters`);
const DetectBody = z.object({
  text: Text,
  /** The user's interface language (ISO 639-1 or 639-3), optional: it settles Indonesian vs Malay. */
  hint: z.string().max(16).optional(),
});
const TranslateBody = z.object({
  text: Text,
  from: z.string({ error: 'from must be a language code' }).regex(/^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,4})?$/, 'from must be an ISO 639-3 code such as "spa"'),
});

export interface LanguageRouteDeps {
  /** The translation back end (createTranslator(env)); without one every non-English prompt fails translation. */
  translator?: Translator;
  /**
   * Language detection; the word list then the majority vote by default (injectable for tests). A plain code
   * counts as sure.
   */
  detect?: (text: string, hint?: string) => Promise<string | LanguageGuess>;
}

function invalid(reply: FastifyReply, error: z.ZodError) {
  return reply.code(400).send(fail(ResultCode.PARAMS_INVALID, error.issues[0]?.message ?? 'params invalid'));
}

/**
 * Language routes of the task flow (SPEC §4 "Translation", §7 "Language detection"):
 * - `POST /api/lan-detect {text, hint?}` → `{ lanCode, sure }` (hint: the interface language), ISO 639-3 ('eng' for English); `sure: false` when
 *   the word list and the detectors disagree: the client then sends the prompt as written;
 * - `POST /api/translate {text, from}` → `{ text, engine, untranslated? }` in English (untranslated: the words
 *   Apertium left as they were), or CONTENT_TRANSLATE_FAIL (1010203) when
 *   no back end covers `from` or the back end failed;
 * - `GET /api/translate/languages` → `{ languages, engines }`: the 639-3 codes that can be translated, and the
 *   back ends in order of preference.
 * Empty, non-string or over-long text is PARAMS_INVALID (-102).
 */
export function registerLanguageRoutes(app: FastifyInstance, deps: LanguageRouteDeps = {}): void {
  const detect = deps.detect ?? guessLanguage;
  const translator = deps.translator;

  app.post('/api/lan-detect', async (request, reply) => {
    const parsed = DetectBody.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    const hint = parsed.data.hint ? (toIso639_3(parsed.data.hint) ?? undefined) : undefined;
    const guess = await detect(parsed.data.text, hint);
    return ok(typeof guess === 'string' ? { lanCode: guess, sure: true } : guess);
  });

  app.post('/api/translate', async (request, reply) => {
    const parsed = TranslateBody.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    const { text } = parsed.data;
    const from = toIso639_3(parsed.data.from);
    if (!from) return reply.code(400).send(fail(ResultCode.PARAMS_INVALID, `unknown language code "${parsed.data.from}"`));
    // English needs no translation (SPEC §4: an English prompt is used as is).
    if (from === ENGLISH) return ok<TranslationResult>({ text, engine: 'none' });
    if (!translator) return fail(ResultCode.CONTENT_TRANSLATE_FAIL, 'no translation service is configured on this server');
    try {
      const result: TranslationResult =
        translator instanceof ChainTranslator
          ? await translator.translateDetailed(text, from)
          : { text: await translator.translate(text, from), engine: translator.name };
      if (!result.text.trim()) return fail(ResultCode.CONTENT_TRANSLATE_FAIL, 'the translation came back empty');
      return ok(result);
    } catch (err) {
      if (err instanceof TranslateUnavailableError) {
        return fail(ResultCode.CONTENT_TRANSLATE_FAIL, `no translation into English is available from "${from}"`);
      }
      request.log.warn({ err }, 'translation failed');
      console.error(`translation from "${from}" failed:`, err);
      return fail(ResultCode.CONTENT_TRANSLATE_FAIL, 'the translation service failed');
    }
  });

  app.get('/api/translate/languages', async () => {
    if (!translator) return ok({ languages: [] as string[], engines: [] as string[] });
    const engines = translator instanceof ChainTranslator ? translator.engines : [translator.name];
    return ok({ languages: await translator.languages(), engines });
  });
}
