import { loadProcessConfig } from './config/processConfig';
import { startServer, exitOnSignals } from './startServer';

/** Starts the HTTP server with in-process workers (WORKERS, default 1). */
async function main(): Promise<void> {
  // Every setting is read and checked here, once: a bad value stops the start, naming its variable.
  const settings = loadProcessConfig();
  const config = settings.server;
  const server = await startServer(settings);
  exitOnSignals(server.stop);
  const dbText = server.runtime.db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)';
  console.log(`Lumacut is running: http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/`);
  console.log(`  database: ${dbText}; in-process workers: ${config.workers}`);
  for (const name of settings.allocatorMissing) {
    console.log(
      `  degraded: ${name} is not set: a cut-out's peak memory is ~0.25 GB higher (npm start, npm run server and npm run worker set it; README "Configuration")`,
    );
  }
  for (const t of server.tools.filter((x) => !x.available)) {
    console.log(`  degraded: ${t.program} is not installed (${t.degraded.join(', ')}); run npm run setup`);
  }
  // The generative tools need a GPU server; say so at start, as the pages do (README "Running ComfyUI").
  if (settings.generation.comfy.length === 0) {
    console.log(
      '  degraded: COMFYUI_URL is not set: the image generator, image-to-image, AI replace, colourise and AI background from a description answer "service unavailable" (README "Running ComfyUI")',
    );
  }
}

main().catch((err) => {
  console.error('Lumacut failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
