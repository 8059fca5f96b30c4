#!/usr/bin/env node
// Builds generated/fonts/manifest.json from engine/fonts/catalogue.json and the installed
// @fontsource packages: per family the normal-style woff2 files of weight 400 (or the nearest
// weight the package has) with their unicode ranges, the main file, and vertical metrics read
// with fontkit. Runs at install and build time, and lazily from the server when the file is
// missing. When the inputs (catalogue, package versions, this script's format) are unchanged,
// it only reads ~165 small files and returns. Nothing is downloaded.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Keep in step with FONT_MANIFEST_VERSION in engine/fonts/manifest.ts. */
const MANIFEST_VERSION = 2;
const TARGET_WEIGHT = 400;

/** @typedef {{ fontName: string, family: string, slug: string, category: string, unlockType: number, disable?: boolean }} CatalogueEntry */
/** @typedef {{ file: string, unicodeRange: string }} FontFile */
/**
 * @typedef {Omit<CatalogueEntry, 'disable'> & { disable: boolean | undefined, weight: number, fileName: string, thumb: string,
 *   files: FontFile[], metrics: ReturnType<typeof metricsOf> }} FamilyEntry
 */

/**
 * Where the manifest is written for a project root.
 * @param {string} [root]
 */
export function manifestPathFor(root = ROOT) {
  return path.join(root, 'generated', 'fonts', 'manifest.json');
}

/**
 * @param {string} file
 * @returns {any} whatever the file holds (package metadata, the catalogue)
 */
function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The weight CSS font matching would pick for 400: 400, then 500, then lighter, then heavier.
 * @param {number[]} weights
 * @param {number} [target]
 */
export function nearestWeight(weights, target = TARGET_WEIGHT) {
  if (weights.includes(target)) return target;
  if (target === 400 && weights.includes(500)) return 500;
  const lighter = weights.filter((w) => w < target).sort((a, b) => b - a);
  const heavier = weights.filter((w) => w > target).sort((a, b) => a - b);
  const pick = lighter[0] ?? heavier[0];
  if (pick === undefined) throw new Error('package lists no weights');
  return pick;
}

/**
 * The @font-face rules of a fontsource CSS file: weight, style, woff2 file name, unicode-range.
 * @param {string} css
 */
export function parseFontFaces(css) {
  /** @type {Array<{ weight: number, style: string, file: string, unicodeRange: string }>} */
  const faces = [];
  for (const [, body] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const weight = Number(/font-weight:\s*(\d+)/.exec(body)?.[1]);
    const style = /font-style:\s*(\w+)/.exec(body)?.[1] ?? 'normal';
    const file = /url\(\s*['"]?\.\/files\/([^'")]+\.woff2)['"]?\s*\)/.exec(body)?.[1];
    const unicodeRange = /unicode-range:\s*([^;]+);/.exec(body)?.[1].trim() ?? '';
    if (file) faces.push({ weight, style, file, unicodeRange });
  }
  return faces;
}

/**
 * @param {string} pkgDir
 * @param {string} slug
 * @param {number} weight
 * @param {string} style
 * @returns {FontFile[]}
 */
function familyFiles(pkgDir, slug, weight, style) {
  for (const cssName of [style === 'normal' ? `${weight}.css` : `${weight}-${style}.css`, 'index.css']) {
    const cssPath = path.join(pkgDir, cssName);
    if (!existsSync(cssPath)) continue;
    const faces = parseFontFaces(readFileSync(cssPath, 'utf8')).filter((f) => f.weight === weight && f.style === style);
    if (faces.length > 0) return faces.map(({ file, unicodeRange }) => ({ file, unicodeRange }));
  }
  throw new Error(`@fontsource/${slug}: no ${weight} ${style} @font-face rules`);
}

const round2 = (/** @type {number} */ n) => Math.round(n * 100) / 100;

/** @param {string} fontPath */
function metricsOf(fontPath) {
  // A fontsource woff2 holds one font, never a collection.
  const font = /** @type {import('fontkit').Font} */ (fontkit.openSync(fontPath));
  const unitsPerEm = font.unitsPerEm;
  return {
    unitsPerEm,
    ascender: font.ascent,
    descender: font.descent,
    ascenderPx100: round2((font.ascent / unitsPerEm) * 100),
    descenderPx100: round2((Math.abs(font.descent) / unitsPerEm) * 100),
  };
}

/**
 * @param {CatalogueEntry} entry
 * @param {string} fontsourceDir
 * @returns {FamilyEntry}
 */
function familyEntry(entry, fontsourceDir) {
  const pkgDir = path.join(fontsourceDir, entry.slug);
  const meta = readJson(path.join(pkgDir, 'metadata.json'));
  const weight = nearestWeight(meta.weights);
  const style = meta.styles.includes('normal') ? 'normal' : meta.styles[0];
  const files = familyFiles(pkgDir, entry.slug, weight, style);
  for (const { file } of files) {
    if (!existsSync(path.join(pkgDir, 'files', file))) throw new Error(`@fontsource/${entry.slug}: ${file} is listed but missing`);
  }
  const fileName = (files.find((f) => f.file === `${entry.slug}-latin-${weight}-${style}.woff2`) ?? files[0]).file;
  return {
    fontName: entry.fontName,
    family: entry.family,
    slug: entry.slug,
    category: entry.category,
    unlockType: entry.unlockType,
    disable: entry.disable,
    weight,
    fileName,
    thumb: '',
    files,
    metrics: metricsOf(path.join(pkgDir, 'files', fileName)),
  };
}

/**
 * CJK families share Google Fonts' standard slices, so the same long unicode-range strings repeat
 * across families (2 MB of ranges, 0.36 MB unique). The file keeps each range once in
 * `unicodeRanges` and files point at it by index; unpackFontManifest (engine/fonts/manifest.ts)
 * restores `{file, unicodeRange}`.
 */
/** @param {FamilyEntry[]} families */
function packRanges(families) {
  /** @type {string[]} */
  const unicodeRanges = [];
  /** @type {Map<string, number>} */
  const indexOf = new Map();
  const packed = families.map((family) => ({
    ...family,
    files: family.files.map(({ file, unicodeRange }) => {
      if (!indexOf.has(unicodeRange)) {
        indexOf.set(unicodeRange, unicodeRanges.length);
        unicodeRanges.push(unicodeRange);
      }
      return { file, range: indexOf.get(unicodeRange) };
    }),
  }));
  return { unicodeRanges, families: packed };
}

/**
 * @param {string} catalogueText
 * @param {CatalogueEntry[]} catalogue
 * @param {string} fontsourceDir
 */
function inputHashOf(catalogueText, catalogue, fontsourceDir) {
  const hash = createHash('sha256').update(`v${MANIFEST_VERSION}\n`).update(catalogueText);
  for (const { slug } of catalogue) {
    const pkgFile = path.join(fontsourceDir, slug, 'package.json');
    if (!existsSync(pkgFile)) throw new Error(`@fontsource/${slug} is not installed: run npm install`);
    const pkg = readJson(pkgFile);
    hash.update(`${slug}@${pkg.version}#${pkg.publishHash ?? ''}\n`);
  }
  return hash.digest('hex');
}

/**
 * Writes the manifest unless an up-to-date one exists. Returns where it is, how many families it
 * holds, its size in bytes and whether the build was skipped.
 * @param {{ root?: string, force?: boolean, quiet?: boolean }} [options]
 */
export function buildFontManifest({ root = ROOT, force = false, quiet = false } = {}) {
  const out = manifestPathFor(root);
  const fontsourceDir = path.join(root, 'node_modules', '@fontsource');
  const catalogueText = readFileSync(path.join(root, 'engine', 'fonts', 'catalogue.json'), 'utf8');
  /** @type {CatalogueEntry[]} */
  const catalogue = JSON.parse(catalogueText);
  const inputHash = inputHashOf(catalogueText, catalogue, fontsourceDir);
  if (!force && existsSync(out)) {
    const text = readFileSync(out, 'utf8');
    try {
      const existing = JSON.parse(text);
      if (existing.version === MANIFEST_VERSION && existing.inputHash === inputHash) {
        const result = { path: out, families: existing.families.length, bytes: Buffer.byteLength(text), skipped: true };
        if (!quiet) console.log(`build-font-manifest: ${path.relative(root, out)} is up to date (${result.families} families)`);
        return result;
      }
    } catch {
      // A damaged file is simply rebuilt.
    }
  }
  const { unicodeRanges, families } = packRanges(catalogue.map((entry) => familyEntry(entry, fontsourceDir)));
  // One family per line: readable in a diff, far smaller than indenting everything.
  const text = `{"version":${MANIFEST_VERSION},"inputHash":${JSON.stringify(inputHash)},\n"unicodeRanges":${JSON.stringify(unicodeRanges)},\n"families":[\n${families
    .map((f) => JSON.stringify(f))
    .join(',\n')}\n]}\n`;
  mkdirSync(path.dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, out);
  const result = { path: out, families: families.length, bytes: Buffer.byteLength(text), skipped: false };
  if (!quiet) {
    const files = families.reduce((n, f) => n + f.files.length, 0);
    console.log(`build-font-manifest: wrote ${path.relative(root, out)}: ${result.families} families, ${files} files, ${(result.bytes / 1024).toFixed(0)} KiB`);
  }
  return result;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    buildFontManifest({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(`build-font-manifest: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
