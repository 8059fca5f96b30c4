/**
 * What AUTOMATIC1111 stable-diffusion-webui v1.10.1 (the release the webui payloads target) knows for
 * the fields our payloads set, for the protocol test server (fakeWebUi.ts).
 *
 * - Samplers: the labels of `samplers_k_diffusion` (modules/sd_samplers_kdiffusion.py), the timestep
 *   samplers (sd_samplers_timesteps.py) and LCM (sd_samplers_lcm.py), with the scheduler each defaults to.
 * - Schedulers: `schedulers` of modules/sd_schedulers.py (name, label, aliases).
 * - Resolution: `get_sampler_and_scheduler` of modules/sd_samplers.py: a legacy name such as
 *   "DPM++ 2M Karras" is a sampler label followed by a scheduler label or alias.
 * - Ranges: the txt2img/img2img sliders of modules/ui.py. The API itself checks none of them.
 *
 * The real server is lenient where this table is used strictly: v1.10.1 silently replaces an unknown
 * sampler with "DPM++ 2M" and an unknown scheduler with "Automatic", so a typo in a workflow file would
 * produce pictures with the wrong sampler and no error. The test server refuses both (422) instead.
 */

interface SamplerEntry {
  label: string;
  /** The scheduler the sampler uses under "Automatic" (its `options.scheduler`). */
  scheduler?: string;
}

export const WEBUI_SAMPLERS: readonly SamplerEntry[] = [
  { label: 'DPM++ 2M', scheduler: 'karras' },
  { label: 'DPM++ SDE', scheduler: 'karras' },
  { label: 'DPM++ 2M SDE', scheduler: 'exponential' },
  { label: 'DPM++ 2M SDE Heun', scheduler: 'exponential' },
  { label: 'DPM++ 2S a', scheduler: 'karras' },
  { label: 'DPM++ 3M SDE', scheduler: 'exponential' },
  { label: 'Euler a' },
  { label: 'Euler' },
  { label: 'LMS' },
  { label: 'Heun' },
  { label: 'DPM2', scheduler: 'karras' },
  { label: 'DPM2 a', scheduler: 'karras' },
  { label: 'DPM fast' },
  { label: 'DPM adaptive' },
  { label: 'Restart', scheduler: 'karras' },
  { label: 'DDIM' },
  { label: 'DDIM CFG++' },
  { label: 'PLMS' },
  { label: 'UniPC' },
  { label: 'LCM' },
];

interface SchedulerEntry {
  name: string;
  label: string;
  aliases?: readonly string[];
}

export const WEBUI_SCHEDULERS: readonly SchedulerEntry[] = [
  { name: 'automatic', label: 'Automatic' },
  { name: 'uniform', label: 'Uniform' },
  { name: 'karras', label: 'Karras' },
  { name: 'exponential', label: 'Exponential' },
  { name: 'polyexponential', label: 'Polyexponential' },
  { name: 'sgm_uniform', label: 'SGM Uniform', aliases: ['SGMUniform'] },
  { name: 'kl_optimal', label: 'KL Optimal' },
  { name: 'align_your_steps', label: 'Align Your Steps' },
  { name: 'simple', label: 'Simple' },
  { name: 'normal', label: 'Normal' },
  { name: 'ddim', label: 'DDIM' },
  { name: 'beta', label: 'Beta' },
];

/** Numeric fields with the slider range of the web UI: [min, max]. */
export const WEBUI_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  width: [64, 2048],
  height: [64, 2048],
  steps: [1, 150],
  cfg_scale: [1, 30],
  denoising_strength: [0, 1],
  batch_size: [1, 8],
  n_iter: [1, 100],
  seed: [-1, 2 ** 32 - 1],
};

/**
 * Resolves `sampler_name` (and `scheduler`) the way v1.10.1 does; null for a name it would silently
 * replace with its default. Returns the sampler label and the scheduler label ("Automatic" when the
 * scheduler is the sampler's own default, as the real function reports it).
 */
export function resolveSampler(samplerName: string, schedulerName?: string): { sampler: string; scheduler: string } | null {
  let scheduler: SchedulerEntry | undefined;
  if (schedulerName !== undefined) {
    scheduler = WEBUI_SCHEDULERS.find((s) => s.name === schedulerName || s.label === schedulerName);
    if (!scheduler) return null;
  }
  let name = samplerName;
  for (const s of WEBUI_SCHEDULERS) {
    const option = [s.label, ...(s.aliases ?? [])].find((o) => name.endsWith(` ${o}`));
    if (option) {
      scheduler = s;
      name = name.slice(0, -(option.length + 1));
    }
  }
  const sampler = WEBUI_SAMPLERS.find((x) => x.label === name);
  if (!sampler) return null;
  const label = !scheduler || scheduler.name === sampler.scheduler ? 'Automatic' : scheduler.label;
  return { sampler: sampler.label, scheduler: label };
}
