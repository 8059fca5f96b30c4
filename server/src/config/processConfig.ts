import { loadServerConfig, type ServerSettings } from './serverConfig';

/**
 * The configuration of this process: the one place in server/src that reads `process.env` (the guard test
 * envGuard.test.ts keeps it so). The entry points (main.ts, workerMain.ts) load it at start-up and pass its
 * sections down; modules that nothing is passed to (the model files on the heavy-work threads, the processor
 * registry, the upload spool) read the same object here. A heavy-work thread shares the process's
 * environment, so it reads the same values.
 */

let current: ServerSettings | undefined;

/** Reads the environment now (start-up), keeps the result for {@link processConfig}, and returns it. */
export function loadProcessConfig(): ServerSettings {
  current = loadServerConfig(process.env);
  return current;
}

/** The process's configuration, read on first use when no entry point loaded it (tests, heavy threads). */
export function processConfig(): ServerSettings {
  return current ?? loadProcessConfig();
}

/** For tests that change the environment (vi.stubEnv) after something read it: the next read sees the change. */
export function forgetProcessConfig(): void {
  current = undefined;
}

/** The environment itself, for a child process that must inherit it (never for settings: add a section instead). */
export function inheritedEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env };
}
