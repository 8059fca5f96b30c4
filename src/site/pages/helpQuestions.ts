/**
 * The /help questions in their groups. The text lives in locales/sections/help (`help.q.<id>.q`
 * and `.a`); the numbers in the answers come from the SPEC limits, so the page cannot promise
 * another limit than the server enforces.
 */
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { DEFAULT_RETENTION_HOURS } from '../../../engine/spec/limits';

export type HelpGroup = 'tools' | 'editor' | 'credits' | 'privacy' | 'formats';

export const HELP_QUESTIONS: ReadonlyArray<{ id: string; group: HelpGroup }> = [
  { id: 'whatIs', group: 'tools' },
  { id: 'removeBg', group: 'tools' },
  { id: 'changeBg', group: 'tools' },
  { id: 'enhance', group: 'tools' },
  { id: 'erase', group: 'tools' },
  { id: 'extend', group: 'tools' },
  { id: 'generator', group: 'tools' },
  { id: 'editor', group: 'editor' },
  { id: 'saving', group: 'editor' },
  { id: 'openEditor', group: 'editor' },
  { id: 'templatesPro', group: 'editor' },
  { id: 'credits', group: 'credits' },
  { id: 'free', group: 'credits' },
  { id: 'account', group: 'credits' },
  { id: 'privacyPhotos', group: 'privacy' },
  { id: 'who', group: 'privacy' },
  { id: 'cookiesUse', group: 'privacy' },
  { id: 'formatsIn', group: 'formats' },
  { id: 'formatsOut', group: 'formats' },
  { id: 'limits', group: 'formats' },
  { id: 'slow', group: 'formats' },
  { id: 'failed', group: 'formats' },
  { id: 'mobile', group: 'formats' },
  { id: 'selfHost', group: 'formats' },
];

export const HELP_GROUPS: readonly HelpGroup[] = ['tools', 'editor', 'credits', 'privacy', 'formats'];

/** The values the answers interpolate. */
export const HELP_VALUES = {
  maxMb: Math.round(UPLOAD_MAX_BYTES / (1024 * 1024)),
  maxMp: Math.round(UPLOAD_MAX_PIXELS / 1_000_000),
  maxFiles: UPLOAD_MAX_FILES,
  hours: DEFAULT_RETENTION_HOURS,
} as const;
