/**
 * How long the server keeps uploads and results by default (its RETENTION_HOURS setting). The
 * policies and the help state this number; an operator who sets another value should say so.
 */
export const DEFAULT_RETENTION_HOURS = 24;
