/**
 * True in the compiled server (scripts/build-server.mjs replaces this `process.env` read with "1" at build time,
 * so nothing is read at run time); false under tsx and vitest. heavy/threadModules.ts uses it to pick the
 * compiled thread modules.
 */
export const COMPILED_SERVER = process.env.LUMACUT_SERVER_BUILD === '1';
