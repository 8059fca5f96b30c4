/**
 * Ordered document migrations (tldraw-style): each step upgrades a raw JSON document from one
 * schema version to the next, before validation. Version 0 is the unversioned format of the first
 * builds: no `schemaVersion`, layers without `visible` / `locked` / `name`, `opacity` as 0..1,
 * and rects with `rotation` (degrees) and an optional `scale` instead of `angle`.
 */
import { CURRENT_SCHEMA_VERSION } from './schemaVersion';

export { CURRENT_SCHEMA_VERSION };

/** A document as plain JSON, before validation. */
export type RawDocument = Record<string, unknown>;

export interface Migration {
  from: number;
  to: number;
  description: string;
  up(doc: RawDocument): RawDocument;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** v0 rect { x, y, w, h, rotation, scale? } → v1 rect { x, y, w, h, angle }. */
function migrateRectV0(rect: unknown): unknown {
  if (!isRecord(rect)) return rect;
  const { rotation, scale, ...rest } = rect;
  const out: Record<string, unknown> = { ...rest };
  if (out.angle === undefined) out.angle = typeof rotation === 'number' ? rotation : 0;
  if (typeof scale === 'number' && scale > 0 && scale !== 1) {
    // The scale was applied about the rect's centre.
    const { x, y, w, h } = out;
    if ([x, y, w, h].every((n) => typeof n === 'number')) {
      const [nx, ny, nw, nh] = [x, y, w, h] as number[];
      out.w = nw * scale;
      out.h = nh * scale;
      out.x = nx - (nw * scale - nw) / 2;
      out.y = ny - (nh * scale - nh) / 2;
    }
  }
  return out;
}

function migrateLayerV0(layer: unknown): unknown {
  if (!isRecord(layer)) return layer;
  const out: Record<string, unknown> = { visible: true, locked: false, name: '', ...layer, rect: migrateRectV0(layer.rect) };
  // v0 stored opacity as 0..1; a value above 1 was already a percentage (hand-edited files).
  if (typeof out.opacity === 'number' && out.opacity <= 1) out.opacity = Math.round(out.opacity * 10000) / 100;
  if (out.valueType === undefined && isRecord(out.value)) out.valueType = out.value.valueType;
  return out;
}

/** All migrations, in order; `from` of each equals `to` of the one before. */
export const MIGRATIONS: readonly Migration[] = [
  {
    from: 0,
    to: 1,
    description: 'layers get visible/locked/name, opacity 0..1 → 0..100, rect rotation/scale → angle',
    up: (doc) => ({
      ...doc,
      schemaVersion: 1,
      layers: Array.isArray(doc.layers) ? doc.layers.map(migrateLayerV0) : doc.layers,
    }),
  },
];

/** The schema version a raw document declares: a missing field is version 0. */
export function documentVersion(doc: RawDocument): unknown {
  return doc.schemaVersion === undefined ? 0 : doc.schemaVersion;
}

/**
 * Upgrades `doc` from `fromVersion` to CURRENT_SCHEMA_VERSION, one step at a time.
 * Throws for a version without a migration path (a newer document than this build knows).
 * @example migrateDocument({ layers: [...] }, 0).schemaVersion // 1
 */
export function migrateDocument(doc: RawDocument, fromVersion: number, migrations: readonly Migration[] = MIGRATIONS): RawDocument {
  let current = doc;
  let version = fromVersion;
  while (version < CURRENT_SCHEMA_VERSION) {
    const step = migrations.find((migration) => migration.from === version);
    if (!step) throw new Error(`no migration from schema version ${version}`);
    current = step.up(current);
    version = step.to;
  }
  if (version !== CURRENT_SCHEMA_VERSION) throw new Error(`no migration path to schema version ${CURRENT_SCHEMA_VERSION}`);
  return current;
}
