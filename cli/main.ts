/**
 * `photo-studio`, the command-line tool of batch editing (issue 17) and of the remove.bg-compatible API (issue 27):
 *
 *   photo-studio batch <tool> <folder|photo|zip>... -o <out folder> [options]
 *   photo-studio removebg <photo>... -o <out folder> --server <url> --key <api key> (cli/removebgCommand.ts)
 *
 * It talks to a running server through the same batch API as the pages (engine/spec/batch.ts): creates a
 * batch, uploads the photos (folders are walked, ZIPs sent as they are), starts it, shows progress on the
 * terminal, and downloads the results (one file per photo, or the batch ZIP with --zip).
 * Exit code: 0 every photo completed, 1 some failed (each reason printed), 2 the batch could not run.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  BATCH_FILES_PER_REQUEST,
  BATCH_MAX_ITEMS,
  BATCH_POLL_INTERVAL_MS,
  BATCH_TOOL_IDS,
  isBatchToolId,
  type BatchSettings,
  type BatchStatus,
  type BatchToolId,
} from '../engine/spec/batch';
import { ApiFailure, BatchClient, fileKey } from './batchClient';
import { progressLine } from './progress';
import { parseRemoveBgArgs, REMOVEBG_USAGE, runRemoveBg } from './removebgCommand';

const USAGE = `Usage: photo-studio batch <tool> <folder|photo|zip>... -o <out folder> [options]

Tools: ${BATCH_TOOL_IDS.join(', ')}
Options:
  -o, --out <dir>        where the results go (created if missing; default ./photo-studio-out)
  --server <url>         the server (default $PHOTO_STUDIO_URL or http://127.0.0.1:8080)
  --set <key>=<value>    one setting for all photos, e.g. --set mode=longestSide --set longestSide=1200
  --settings <json>      all settings as JSON, e.g. '{"bgType":"color","color":"#00B140"}'
  --zip                  download one ZIP of every result instead of single files
  --token <token>        sign-in token (credits of your account; default $PHOTO_STUDIO_TOKEN)
  -h, --help             this text

Examples:
  photo-studio batch removebg ./photos -o ./out
  photo-studio batch resize ./photos -o ./out --set mode=preset --set presetId=instagram-square
  photo-studio batch changebg ./shop.zip -o ./out --settings '{"bgType":"color","color":"#FFFFFF"}'`;

const IMAGE = /\.(jpe?g|png|webp|gif|avif|tiff?|heic|heif)$/i;
const REQUEST_BYTES = 200 * 1024 * 1024;

export interface CliOptions {
  tool: BatchToolId;
  inputs: string[];
  out: string;
  server: string;
  settings: Record<string, unknown>;
  zip: boolean;
  token?: string;
}

/** `"12"` → 12, `"true"` → true, anything else stays a string. */
function settingValue(raw: string): unknown {
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return raw;
}

/** Parses the arguments after `batch`; throws a message for the user on a mistake. */
export function parseArgs(args: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const [tool, ...rest] = args;
  if (!isBatchToolId(tool)) throw new Error(`unknown tool "${tool ?? ''}": use one of ${BATCH_TOOL_IDS.join(', ')}`);
  const options: CliOptions = {
    tool,
    inputs: [],
    out: 'photo-studio-out',
    server: env.PHOTO_STUDIO_URL || 'http://127.0.0.1:8080',
    settings: {},
    zip: false,
    token: env.PHOTO_STUDIO_TOKEN || undefined,
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '-o' || arg === '--out') options.out = value();
    else if (arg === '--server') options.server = value();
    else if (arg === '--token') options.token = value();
    else if (arg === '--zip') options.zip = true;
    else if (arg === '--set') {
      const [key, ...v] = value().split('=');
      if (!key || v.length === 0) throw new Error('--set takes key=value');
      options.settings[key] = settingValue(v.join('='));
    } else if (arg === '--settings') {
      try {
        Object.assign(options.settings, JSON.parse(value()));
      } catch {
        throw new Error('--settings must be a JSON object');
      }
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else options.inputs.push(arg);
  }
  if (options.inputs.length === 0) throw new Error('name at least one folder, photo or ZIP');
  // The changer needs a background: white unless one is given.
  if (tool === 'changebg' && options.settings.bgType === undefined) Object.assign(options.settings, { bgType: 'color', color: '#FFFFFF' });
  return options;
}

/** The photos and ZIPs under the inputs (folders walked; other files left out and counted). */
export async function collectInputs(
  inputs: string[],
): Promise<{ photos: Array<{ path: string; name: string; size: number; key: string }>; zips: string[]; ignored: number }> {
  const photos: Array<{ path: string; name: string; size: number; key: string }> = [];
  const zips: string[] = [];
  let ignored = 0;
  const visit = async (file: string, name: string) => {
    const info = await stat(file);
    if (info.isDirectory()) {
      for (const entry of (await readdir(file)).sort()) await visit(path.join(file, entry), name ? `${name}/${entry}` : entry);
    } else if (/\.zip$/i.test(file)) zips.push(file);
    else if (IMAGE.test(file))
      photos.push({ path: file, name: name || path.basename(file), size: info.size, key: fileKey({ path: file, size: info.size, mtimeMs: info.mtimeMs }) });
    else ignored += 1;
  };
  for (const input of inputs) {
    const info = await stat(input).catch(() => null);
    if (!info) throw new Error(`${input}: no such file or folder`);
    await visit(input, info.isDirectory() ? '' : path.basename(input));
  }
  return { photos, zips, ignored };
}

/** A stable visitor id per user and machine, so the free allowance is this user's. */
function deviceId(env: NodeJS.ProcessEnv): string {
  if (env.PHOTO_STUDIO_DEVICE) return env.PHOTO_STUDIO_DEVICE;
  return `cli_${createHash('sha256').update(`${os.hostname()}:${os.userInfo().username}`).digest('hex').slice(0, 32)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs one batch end to end; returns the exit code. */
export async function runBatch(options: CliOptions, out: NodeJS.WriteStream | NodeJS.WritableStream = process.stderr, env = process.env): Promise<number> {
  const say = (line: string) => out.write(`${line}\n`);
  const tty = 'isTTY' in out && out.isTTY === true;
  const { photos, zips, ignored } = await collectInputs(options.inputs);
  if (ignored > 0) say(`left out ${ignored} file(s) that are not photos or ZIPs`);
  if (photos.length + zips.length === 0) throw new Error('no photos found');
  if (photos.length > BATCH_MAX_ITEMS) throw new Error(`${photos.length} photos found; a batch takes at most ${BATCH_MAX_ITEMS}: split them`);
  const client = new BatchClient({ server: options.server, deviceId: deviceId(env), token: options.token });

  const created = await client.create(options.tool, options.settings as BatchSettings);
  const batchId = created.batchId;
  say(
    `batch ${batchId}: ${options.tool}, ${photos.length} photo(s)${zips.length ? ` and ${zips.length} ZIP(s)` : ''}, ${created.creditsPerItem} credit(s) per photo`,
  );
  const onSignal = () => {
    void client.cancel(batchId).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  try {
    for (let i = 0; i < photos.length; ) {
      const chunk: typeof photos = [];
      let bytes = 0;
      while (i < photos.length && chunk.length < BATCH_FILES_PER_REQUEST && (chunk.length === 0 || bytes + photos[i].size <= REQUEST_BYTES)) {
        bytes += photos[i].size;
        chunk.push(photos[i++]);
      }
      await client.addFiles(batchId, chunk);
      say(`uploaded ${i}/${photos.length}`);
    }
    for (const zip of zips) {
      const reply = await client.addZip(batchId, { path: zip, name: path.basename(zip) });
      say(`uploaded ${path.basename(zip)}: ${reply.items.length} photo(s)${reply.skipped.length ? `, ${reply.skipped.length} system file(s) left out` : ''}`);
    }
    const startedAt = Date.now();
    let status: BatchStatus;
    try {
      status = await client.start(batchId);
    } catch (err) {
      // Too few credits: the photos that could be paid for run; the message says how many.
      if (!(err instanceof ApiFailure) || err.code !== 1010103) throw err;
      say(`warning: ${err.message}`);
      status = await client.status(batchId);
    }
    let last = '';
    while (status.state === 'running') {
      const line = progressLine(status, (Date.now() - startedAt) / 1000);
      if (tty) out.write(`\r${line}\u001b[K`);
      else if (line.replace(/, about .*$/, '') !== last.replace(/, about .*$/, '')) say(line);
      last = line;
      await sleep(BATCH_POLL_INTERVAL_MS);
      status = await client.status(batchId);
    }
    const final = progressLine(status, (Date.now() - startedAt) / 1000);
    if (tty) out.write(`\r${final}\u001b[K\n`);
    else say(final);

    await mkdir(options.out, { recursive: true });
    const completed = status.items.filter((i) => i.status === 'completed');
    if (options.zip && completed.length > 0) {
      const file = path.join(options.out, `batch-${options.tool}-${batchId.slice(0, 8)}.zip`);
      await client.download(`/api/batch/${batchId}/download`, file);
      say(`saved ${completed.length} result(s) in ${file}`);
    } else {
      for (const item of completed) await client.download(`/api/batch/${batchId}/items/${item.itemId}/download`, path.join(options.out, item.outputName));
      say(`saved ${completed.length} result(s) in ${options.out}`);
    }
    const failed = status.items.filter((i) => i.status === 'failed');
    for (const item of failed) say(`failed: ${item.name}: ${item.reason ?? 'unknown reason'} (${item.resultCode})`);
    const waiting = status.items.filter((i) => i.status === 'user_upload').length;
    if (waiting > 0) say(`${waiting} photo(s) were not processed (credits)`);
    return failed.length + waiting === 0 ? 0 : 1;
  } finally {
    process.removeListener('SIGINT', onSignal);
  }
}

/** Entry point of bin/photo-studio.mjs; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '-h' || argv[0] === '--help' || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n\n${REMOVEBG_USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] === 'removebg') {
    try {
      return await runRemoveBg(parseRemoveBgArgs(argv.slice(1)));
    } catch (err) {
      process.stderr.write(`photo-studio: ${(err as Error).message}\n`);
      return 2;
    }
  }
  if (argv[0] !== 'batch') {
    process.stderr.write(`unknown command "${argv[0]}"\n\n${USAGE}\n`);
    return 2;
  }
  try {
    return await runBatch(parseArgs(argv.slice(1)));
  } catch (err) {
    process.stderr.write(`photo-studio: ${(err as Error).message}\n`);
    return 2;
  }
}
