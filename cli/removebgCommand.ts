/**
 * `photo-studio removebg <photo>... -o <out folder> --server <url> --key <api key>`: the remove.bg-compatible
 * API (`POST /v1.0/removebg`, issue 27) of a local or remote server, one photo at a time, with an API key made on
 * the account page (X-Api-Key; optional in personal mode). Exit code: 0 all done, 1 some failed, 2 bad usage.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface RemoveBgCliOptions {
  inputs: string[];
  out: string;
  server: string;
  key?: string;
  /** remove.bg fields passed as they are: size, format, bg_color, crop, … */
  fields: Record<string, string>;
}

const FIELD_FLAGS: Record<string, string> = {
  '--size': 'size',
  '--format': 'format',
  '--bg-color': 'bg_color',
  '--crop-margin': 'crop_margin',
  '--channels': 'channels',
  '--scale': 'scale',
  '--position': 'position',
  '--roi': 'roi',
  '--type': 'type',
};

export const REMOVEBG_USAGE = `Usage: photo-studio removebg <photo>... -o <out folder> [--server <url>] [--key <api key>] [options]
  --key <key>            API key from your account page (default $PHOTO_STUDIO_API_KEY; optional in personal mode)
  --size, --format, --bg-color, --crop, --crop-margin, --channels, --scale, --position, --roi, --type
                         the remove.bg fields of the same names (default --size auto)
Example:
  photo-studio removebg shoe.jpg -o out --server https://photos.example --key lc_… --format png --crop`;

export function parseRemoveBgArgs(args: string[], env: NodeJS.ProcessEnv = process.env): RemoveBgCliOptions {
  const options: RemoveBgCliOptions = {
    inputs: [],
    out: 'photo-studio-out',
    server: env.PHOTO_STUDIO_URL || 'http://127.0.0.1:8080',
    key: env.PHOTO_STUDIO_API_KEY || undefined,
    fields: { size: 'auto' },
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '-o' || arg === '--out') options.out = value();
    else if (arg === '--server') options.server = value();
    else if (arg === '--key') options.key = value();
    else if (arg === '--crop') options.fields.crop = 'true';
    else if (FIELD_FLAGS[arg]) options.fields[FIELD_FLAGS[arg]!] = value();
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else options.inputs.push(arg);
  }
  if (options.inputs.length === 0) throw new Error('name at least one photo');
  return options;
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'application/zip': 'zip' };

/** Sends each photo; writes `<name>-no-bg.<ext>`; returns the exit code. */
export async function runRemoveBg(options: RemoveBgCliOptions, out: NodeJS.WritableStream = process.stderr): Promise<number> {
  const say = (line: string) => out.write(`${line}\n`);
  await mkdir(options.out, { recursive: true });
  let failed = 0;
  let credits = 0;
  for (const input of options.inputs) {
    const form = new FormData();
    form.append('image_file', new Blob([new Uint8Array(await readFile(input))]), path.basename(input));
    for (const [name, value] of Object.entries(options.fields)) form.append(name, value);
    const res = await fetch(new URL('/v1.0/removebg', options.server), {
      method: 'POST',
      body: form,
      headers: options.key ? { 'X-Api-Key': options.key } : {},
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { errors?: Array<{ title: string; code: string }> } | null;
      const error = body?.errors?.[0];
      say(`failed: ${input}: ${error ? `${error.title} (${error.code})` : `HTTP ${res.status}`}`);
      failed += 1;
      if (res.status === 403 || res.status === 402) break; // a bad key or no credits: the next photo fails the same way
      continue;
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!;
    const file = path.join(options.out, `${path.parse(input).name}-no-bg.${EXTENSIONS[type] ?? 'bin'}`);
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    credits += Number(res.headers.get('x-credits-charged') ?? 0);
    say(`saved ${file} (${res.headers.get('x-width')}×${res.headers.get('x-height')})`);
  }
  say(`${options.inputs.length - failed} of ${options.inputs.length} done, ${credits} credit(s) charged`);
  return failed === 0 ? 0 : 1;
}
