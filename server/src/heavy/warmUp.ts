import { loadIsnet } from '../models/isnet';

/** Loads the cut-out model on a heavy-work thread (run there by modelReadiness.ts), so the first cut-out does not pay for it. */
export async function warmUpModels(): Promise<{ models: string[] }> {
  await loadIsnet();
  return { models: ['isnet'] };
}
