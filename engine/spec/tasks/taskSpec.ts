/**
 * The shape of one row of the task table (engine/spec/tasks/table.ts): what a task type accepts, what it
 * costs and what it answers with. Pure data plus zod schemas, shared by the server (which validates every
 * submit against it) and the pages (which read defaults and limits from it).
 */
import { z } from '../../util/zod';

/** What a finished task's `resultUrl` points at: a picture, or a JSON file (engine/spec/extraction.ts). */
export type ResultKind = 'image' | 'json';

/**
 * Where a task runs: `server` on this server's own models, `generation` only on an external ComfyUI /
 * AUTOMATIC1111 server (without one it answers SERVICE_UNAVAILABLE), `none` nowhere yet.
 */
export type RunsOn = 'server' | 'generation' | 'none';

export interface TaskSpec<
  P extends z.ZodType = z.ZodType,
  D extends Readonly<Record<string, unknown>> = Readonly<Record<string, unknown>>,
  L extends Readonly<Record<string, number>> = Readonly<Record<string, number>>,
> {
  /**
   * The params a submit may carry besides its files. Unknown keys are allowed (file URLs such as
   * `maskUrl` are checked for ownership by the server, `inputKey` is the server's own) and left out of
   * the parsed value, so a schema names only what it checks. The first issue's message is the
   * PARAMS_INVALID text (SPEC §8).
   */
  params: P;
  /** What the page starts with and what the server assumes for an absent param. */
  defaults: D;
  /** Numbers the page shows or enforces before submitting (slider ends, pixel caps…). */
  limits: L;
  result: ResultKind;
  runsOn: RunsOn;
  /** `optional`: text-to-image types make a picture from the prompt alone. */
  inputImage: 'required' | 'optional';
}

/** A row of the table; the type parameters keep the schema, defaults and limits precise (`TaskParams<'bgblur'>`). */
export const defineTask = <P extends z.ZodType, const D extends Readonly<Record<string, unknown>>, const L extends Readonly<Record<string, number>>>(
  spec: TaskSpec<P, D, L>,
): TaskSpec<P, D, L> => spec;

/** Result of an engine parser that predates the table (`{ ok, value } | { ok, message }`). */
type Parsed = { ok: true } | { ok: false; message: string };

/**
 * A schema that defers to an existing engine parser (changebg, idphoto, batch resize), so its messages
 * stay exactly what the pages and tests already know.
 */
export function parserSchema(parse: (raw: Record<string, unknown>) => Parsed) {
  return z.looseObject({}).superRefine((value, ctx) => {
    const parsed = parse(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  });
}

/** No params to check (the task reads only its input file). */
export const noParams = () => z.looseObject({});

/** An optional value where an empty string counts as absent (HTML forms and query strings send ''). */
export const blankIsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
