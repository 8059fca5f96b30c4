/**
 * The document schema version written by this build. Raise it together with a new step in
 * `migrations.ts`; version 0 is the unversioned format (no `schemaVersion` field).
 */
export const CURRENT_SCHEMA_VERSION = 1;
