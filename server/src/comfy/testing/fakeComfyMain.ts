import { writeFileSync } from 'node:fs';
import { startFakeComfy } from './fakeComfyServer';

/**
 * `npm run comfy:fake`: the ComfyUI-protocol test server on its own, for manual runs and e2e.
 * FAKE_COMFY_PORT picks the port (default 0: a free one), FAKE_COMFY_HOST the address
 * (127.0.0.1), FAKE_COMFY_TOKEN requires a bearer token, FAKE_COMFY_URL_FILE receives the URL
 * once it listens. Point the server at it with COMFYUI_URL (and WEBUI_URL for the webui types).
 */
const fake = await startFakeComfy({
  host: process.env.FAKE_COMFY_HOST || '127.0.0.1',
  port: Number(process.env.FAKE_COMFY_PORT) || 0,
  token: process.env.FAKE_COMFY_TOKEN || undefined,
});
if (process.env.FAKE_COMFY_URL_FILE) writeFileSync(process.env.FAKE_COMFY_URL_FILE, fake.url);
console.log(`ComfyUI protocol test server listening on ${fake.url} (also AUTOMATIC1111 /sdapi/v1)`);
const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
