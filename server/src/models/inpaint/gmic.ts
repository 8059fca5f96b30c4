import { processConfig } from '../../config/processConfig';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ResultCode } from '../../../../engine/spec/errors';
import { ApiError } from '../../envelope';
import { type BinaryMask, type Raster, encodeMaskPng, encodePng } from './raster';

/** Where the G'MIC CLI lives unless GMIC_PATH says otherwise (Debian package `gmic`). */
export const DEFAULT_GMIC_PATH = '/usr/bin/gmic';
/** A 1 MP fill takes 5–10 s on 2 cores; anything far beyond that is stuck. */
export const DEFAULT_GMIC_TIMEOUT_MS = 120_000;
export const GMIC_INSTALL_HINT = "install G'MIC on the server: apt-get install gmic (or set GMIC_PATH to the gmic binary)";

/** The G'MIC binary is missing: callers may fall back to Telea, users get SERVICE_UNAVAILABLE. */
export class GmicMissingError extends ApiError {
  constructor(binary: string) {
    super(ResultCode.SERVICE_UNAVAILABLE, `G'MIC inpainting is not available: ${binary} was not found; ${GMIC_INSTALL_HINT}`);
  }
}

export interface GmicRunOptions {
  gmicPath?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The binary to run: explicit option, then GMIC_PATH, then the Debian location. */
export function gmicBinary(explicit?: string): string {
  return explicit || processConfig().process.gmicPath || DEFAULT_GMIC_PATH;
}

/** One image to fill and its mask (same size). */
export interface GmicItem {
  raster: Raster;
  mask: BinaryMask;
}

/**
 * Fills each item's mask with G'MIC's multi-scale PatchMatch (`inpaint_matchpatch`), all items in one process:
 * the first fill of a process pays about a second of set-up, later ones do not. G'MIC runs as a separate program
 * (it is CeCILL: used, never linked); arguments go as an array, never through a shell. Returns raw pixels of each
 * item with its size and channels; pixels outside the masks are whatever G'MIC left there, so callers composite.
 */
export async function runGmicInpaint(items: readonly GmicItem[], opts: GmicRunOptions = {}): Promise<Buffer[]> {
  if (items.length === 0) return [];
  const binary = gmicBinary(opts.gmicPath);
  opts.signal?.throwIfAborted();
  const dir = await mkdtemp(path.join(tmpdir(), 'lumacut-inpaint-'));
  try {
    const inputs: string[] = [];
    const commands: string[] = [];
    const outputs: string[] = [];
    for (const [i, item] of items.entries()) {
      const imgPath = path.join(dir, `image${i}.png`);
      const maskPath = path.join(dir, `mask${i}.png`);
      const outPath = path.join(dir, `out${i}.png`);
      await writeFile(imgPath, await encodePng(item.raster));
      await writeFile(maskPath, await encodeMaskPng(item.mask));
      inputs.push(imgPath, maskPath);
      // Image i sits at index 2i and its mask at 2i+1; nothing is removed, so the indices stay valid.
      commands.push(`-threshold[${2 * i + 1}]`, '50%', `-inpaint_matchpatch[${2 * i}]`, `[${2 * i + 1}]`);
      outputs.push(`-o[${2 * i}]`, outPath);
    }
    await runProcess(binary, ['-v', '-', ...inputs, ...commands, ...outputs], opts.timeoutMs ?? DEFAULT_GMIC_TIMEOUT_MS, opts.signal);
    const results: Buffer[] = [];
    for (const [i, item] of items.entries()) results.push(await readResult(path.join(dir, `out${i}.png`), item.raster));
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Reads one G'MIC output back into the raster's 8-bit layout (G'MIC may write 16-bit or float-ranged PNGs). */
async function readResult(outPath: string, raster: Raster): Promise<Buffer> {
  let out: Buffer;
  try {
    out = await readFile(outPath);
  } catch {
    throw new ApiError(ResultCode.GPU_HANDLE_FAILED, "G'MIC finished without writing a result");
  }
  let pipeline = sharp(out).toColourspace('srgb');
  pipeline = raster.channels === 4 ? pipeline.ensureAlpha() : pipeline.removeAlpha();
  const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  if (info.width !== raster.width || info.height !== raster.height) {
    throw new ApiError(ResultCode.GPU_HANDLE_FAILED, `G'MIC returned ${info.width}x${info.height} for a ${raster.width}x${raster.height} image`);
  }
  return data;
}

/** Runs a program to completion; kills it on timeout or abort. */
function runProcess(binary: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(signal?.reason instanceof Error ? signal.reason : new Error('inpainting was cancelled'));
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new ApiError(ResultCode.GPU_HANDLE_FAILED, `G'MIC took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`));
    }, timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      finish(err.code === 'ENOENT' || err.code === 'EACCES' ? new GmicMissingError(binary) : err);
    });
    child.on('close', (code) => {
      if (code === 0) finish();
      else finish(new ApiError(ResultCode.GPU_HANDLE_FAILED, `G'MIC failed (exit ${code}): ${lastLine(stderr)}`));
    });
  });
}

function lastLine(text: string): string {
  // Strip ANSI colours that G'MIC prints even to a pipe.
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.at(-1) ?? 'no message';
}

/** True when the G'MIC binary can be started (checks `gmic -v - version`). */
export async function isGmicAvailable(gmicPath?: string): Promise<boolean> {
  try {
    await runProcess(gmicBinary(gmicPath), ['-v', '-', 'version'], 10_000);
    return true;
  } catch {
    return false;
  }
}
