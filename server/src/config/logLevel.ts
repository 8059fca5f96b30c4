import { loadLogLevel, type ProcessSettings } from '../config';

/**
 * LOG_LEVEL for the server's own log (logging.ts), read once. Apart from processConfig.ts because the log is
 * written by modules that the configuration's loaders import: reading the whole configuration there would be a cycle.
 */
let level: ProcessSettings['logLevel'] | undefined;

/** The minimum level of the server's log lines (an unknown LOG_LEVEL is info, so the log never throws). */
export function logLevel(): ProcessSettings['logLevel'] {
  return (level ??= loadLogLevel(process.env));
}
