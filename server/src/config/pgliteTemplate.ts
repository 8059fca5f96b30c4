/**
 * PGLITE_TEMPLATE_DIR: a pristine (initdb'd, empty) PGlite folder that a new embedded database is copied from
 * instead of running initdb. Set by the test set-up only (server/src/testing/pgliteTemplate.ts): the suite makes
 * hundreds of throwaway databases. Unset, which is how the product runs, a new folder is initialised as always.
 */
export const pgliteTemplateDir = (): string | null => process.env.PGLITE_TEMPLATE_DIR || null;
