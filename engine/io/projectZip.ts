/**
 * Project files (.zip, jszip): `project.json` (the document), `manifest.json` (format and asset
 * media types) and `assets/<id>` (the image bytes; the id is their SHA-256, checked on import).
 */
import JSZip from 'jszip';
import { hashBlob, type AssetStore } from '../assets/AssetStore';
import { ProjectParseError, parseProject } from '../doc/parseProject';
import { ZIP_MAX_UNPACKED_BYTES } from '../spec/limits';
import type { Project } from '../doc/types';
import { projectAssetRefs } from './assetRefs';

export const PROJECT_JSON = 'project.json';
export const MANIFEST_JSON = 'manifest.json';
export const ASSETS_DIR = 'assets/';
export const PROJECT_ZIP_FORMAT = 'lumacut-project';

interface Manifest {
  format: string;
  formatVersion: number;
  assets: Record<string, { type: string; size: number }>;
}

/**
 * Packs `project` and every asset it refers to into a zip Blob.
 * Throws when a referenced asset is not in `assets` (load it first), so no incomplete file is made.
 * @example saveBlob(await exportProjectZip(editor.getProject(), editor.assets), 'poster.zip')
 */
export async function exportProjectZip(project: Project, assets: AssetStore): Promise<Blob> {
  const zip = new JSZip();
  const manifest: Manifest = { format: PROJECT_ZIP_FORMAT, formatVersion: 1, assets: {} };
  const missing: string[] = [];
  for (const id of projectAssetRefs(project).keys()) {
    const stored = assets.get(id);
    if (!stored) {
      missing.push(id);
      continue;
    }
    manifest.assets[id] = { type: stored.blob.type, size: stored.blob.size };
    // Pictures are compressed already: store them as they are.
    zip.file(`${ASSETS_DIR}${id}`, new Uint8Array(await stored.blob.arrayBuffer()), { compression: 'STORE' });
  }
  if (missing.length) throw new Error(`Cannot export: image asset(s) not loaded: ${missing.join(', ')}`);
  zip.file(PROJECT_JSON, JSON.stringify(project), { compression: 'DEFLATE' });
  zip.file(MANIFEST_JSON, JSON.stringify(manifest), { compression: 'DEFLATE' });
  const bytes = await zip.generateAsync({ type: 'uint8array' });
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
}

/** Declared unpacked size of a zip entry (jszip keeps it privately), 0 when unknown. */
function unpackedSize(file: JSZip.JSZipObject): number {
  const size = (file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize;
  return typeof size === 'number' ? size : 0;
}

async function readManifest(zip: JSZip): Promise<Manifest['assets']> {
  const file = zip.file(MANIFEST_JSON);
  if (!file) return {};
  try {
    const parsed = JSON.parse(await file.async('string')) as Partial<Manifest>;
    return parsed && typeof parsed.assets === 'object' && parsed.assets ? parsed.assets : {};
  } catch {
    return {}; // The manifest only carries media types: the project opens without it.
  }
}

/**
 * Reads a project zip. A file that is not a zip, has no project.json or an invalid document
 * throws ProjectParseError with a clear message; a missing or damaged asset is a warning.
 * @example const { project, assets, warnings } = await importProjectZip(file)
 */
export async function importProjectZip(blob: Blob): Promise<{ project: Project; assets: Map<string, Blob>; warnings: string[] }> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(await blob.arrayBuffer());
  } catch (error) {
    throw new ProjectParseError(`Not a valid project file (zip could not be read): ${(error as Error).message}`);
  }
  const total = Object.values(zip.files).reduce((sum, file) => sum + unpackedSize(file), 0);
  if (total > ZIP_MAX_UNPACKED_BYTES) {
    throw new ProjectParseError(`Project file too large: ${total} bytes unpacked (limit ${ZIP_MAX_UNPACKED_BYTES})`);
  }
  const projectFile = zip.file(PROJECT_JSON);
  if (!projectFile) throw new ProjectParseError(`Not a project file: the zip has no ${PROJECT_JSON}`);
  const { project, warnings } = parseProject(await projectFile.async('string'));
  const types = await readManifest(zip);
  const assets = new Map<string, Blob>();
  for (const [id, layerIds] of projectAssetRefs(project)) {
    const users = layerIds.map((layerId) => `"${layerId}"`).join(', ');
    const file = zip.file(`${ASSETS_DIR}${id}`);
    if (!file) {
      warnings.push(`Image ${id} used by layer ${users} is missing from the project file`);
      continue;
    }
    const bytes = await file.async('uint8array');
    const assetBlob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: types[id]?.type ?? '' });
    if ((await hashBlob(assetBlob)) !== id) {
      warnings.push(`Image ${id} used by layer ${users} is damaged (its checksum does not match)`);
      continue;
    }
    assets.set(id, assetBlob);
  }
  return { project, assets, warnings };
}
