/**
 * Project ids (SPEC §3): `PROJ_` for projects, `CUT_` for cut-outs, and `IDP_` added for ID photo
 * projects. We put `IDP_` after the type prefix (`PROJ_IDP_…`, `CUT_IDP_…`), so the first prefix
 * always tells the type and a plain `startsWith('PROJ_')` keeps working.
 * The random part is 24 characters of [0-9A-Za-z] (about 142 bits): unguessable, URL- and path-safe.
 */
import { PROJECT_ID_PREFIX } from '../spec/kinds';
import type { ProjectType } from './types';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 24;
/** Ids from elsewhere (imports, older builds) may have a shorter or longer random part. */
const ID_SHAPE = /^(PROJ_|CUT_)(IDP_)?[0-9A-Za-z]{8,64}$/;

const TYPE_BY_PREFIX: Record<string, ProjectType> = {
  [PROJECT_ID_PREFIX.project]: 'project',
  [PROJECT_ID_PREFIX.cutouts]: 'cutouts',
};

/** `count` characters from ALPHABET, uniform: bytes ≥ 248 are redrawn so 62 divides the range. */
function randomChars(count: number): string {
  let out = '';
  const bytes = new Uint8Array(count * 2);
  while (out.length < count) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b < 248 && out.length < count) out += ALPHABET[b % 62];
    }
  }
  return out;
}

/**
 * Makes a new project id for `type`, e.g. `PROJ_3kY…`, `CUT_…`, or `PROJ_IDP_…` with `idPhoto`.
 * Uses crypto.getRandomValues, which browsers offer also outside secure contexts (plain-http self-hosting).
 */
export function createProjectId(type: ProjectType, opts: { idPhoto?: boolean } = {}): string {
  return `${PROJECT_ID_PREFIX[type]}${opts.idPhoto ? PROJECT_ID_PREFIX.idPhoto : ''}${randomChars(RANDOM_LENGTH)}`;
}

/** True for a well-formed project id of either type. */
export function isValidProjectId(id: unknown): id is string {
  return typeof id === 'string' && ID_SHAPE.test(id);
}

/** The project type an id stands for, or null when the id is malformed. */
export function projectTypeFromId(id: string): ProjectType | null {
  const match = ID_SHAPE.exec(id);
  return match ? TYPE_BY_PREFIX[match[1]] : null;
}

/** True when the id marks an ID photo project (`IDP_` after the type prefix). */
export function isIdPhotoProjectId(id: string): boolean {
  const match = ID_SHAPE.exec(id);
  return match !== null && match[2] === PROJECT_ID_PREFIX.idPhoto;
}
