import { log } from '../logging';
import { runOnThread } from './heavyPool';

/** Where loading the models stands, for `/api/ready`. */
export interface ModelReadiness {
  state: 'loading' | 'ready' | 'failed';
  models: string[];
  error?: string;
}

/**
 * Starts loading the models on the heavy-work pool and returns a getter of the outcome.
 * A failed load is retried every 30 s, so a model put in place later is picked up.
 */
export function startModelWarmUp(): () => ModelReadiness {
  let status: ModelReadiness = { state: 'loading', models: [] };
  const attempt = () => {
    runOnThread<{ models: string[] }>(new URL('./warmUp.ts', import.meta.url), 'warmUpModels', []).then(
      (out) => {
        status = { state: 'ready', models: out.models };
        log.info('models loaded', { models: out.models });
      },
      (err: Error) => {
        status = { state: 'failed', models: [], error: err.message };
        log.error('model warm-up failed', { error: err.message });
        setTimeout(attempt, 30_000).unref();
      },
    );
  };
  attempt();
  return () => status;
}
