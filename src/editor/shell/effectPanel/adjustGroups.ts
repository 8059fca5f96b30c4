/**
 * The adjust panel's slider groups and the pure edits behind its buttons. The groups come from the
 * adjustment registry (engine/doc/adjustRegistry.ts: each row names its group and place), so a key
 * added to the engine gets its slider without an edit here.
 */
import { defaultAdjustParams } from '../../../../engine/doc/defaults';
import type { AdjustParams, PGrainParams } from '../../../../engine/doc/types';
import { ADJUST_GROUP_IDS, adjustKeysOfGroup, type AdjustGroupId, type AdjustKey } from '../../../../engine/doc/adjustRegistry';

export type PGrainKey = keyof PGrainParams;

export interface AdjustGroup {
  id: AdjustGroupId;
  keys: readonly AdjustKey[];
  /** The pgrain fields shown in this group (only "effects" has them). */
  pgrain: readonly PGrainKey[];
}

export const PGRAIN_KEYS: readonly PGrainKey[] = ['size', 'amount', 'highlights', 'roughness'];

/** The groups in panel order, each with the adjustments the registry places in it; film grain closes "effects". */
export const ADJUST_GROUPS: readonly AdjustGroup[] = ADJUST_GROUP_IDS.map((id) => ({
  id,
  keys: adjustKeysOfGroup(id),
  pgrain: id === 'effects' ? PGRAIN_KEYS : [],
}));

/** The stored adjustments, or all-zero defaults when the layer/project has none yet. */
export function adjustOrDefault(params: AdjustParams | null | undefined): AdjustParams {
  if (!params) return defaultAdjustParams();
  return { ...defaultAdjustParams(), ...params, pgrain: { ...defaultAdjustParams().pgrain, ...params.pgrain } };
}

/** A copy with one adjustment changed. */
export function withAdjust(params: AdjustParams | null | undefined, key: AdjustKey, value: number): AdjustParams {
  return { ...adjustOrDefault(params), [key]: value };
}

/** A copy with one pgrain field changed. */
export function withPgrain(params: AdjustParams | null | undefined, key: PGrainKey, value: number): AdjustParams {
  const base = adjustOrDefault(params);
  return { ...base, pgrain: { ...base.pgrain, [key]: value } };
}

/** A copy with every slider of `group` back at 0 (the others kept). */
export function resetGroup(params: AdjustParams | null | undefined, group: AdjustGroup): AdjustParams {
  const next = adjustOrDefault(params);
  for (const key of group.keys) next[key] = 0;
  if (group.pgrain.length) next.pgrain = { ...next.pgrain, ...Object.fromEntries(group.pgrain.map((key) => [key, 0])) };
  return next;
}

/** True when every slider of `group` is at 0 (its reset button is then disabled). */
export function isGroupDefault(params: AdjustParams | null | undefined, group: AdjustGroup): boolean {
  const value = adjustOrDefault(params);
  return group.keys.every((key) => !value[key]) && group.pgrain.every((key) => !value.pgrain[key]);
}
