import { describe, it, expect, afterEach, vi } from 'vitest';
import http from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from './safeFetch';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(56, 7)]);
const WOFF2 = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(60, 1)]);
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

type TestServer = { port: number; base: string; requests: http.IncomingMessage[]; connections: () => number };
const closers: Array<() => Promise<void>> = [];

/** A real HTTP server on 127.0.0.1:0; records every TCP connection and every parsed request. */
async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const requests: http.IncomingMessage[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => (requests.push(req), handler(req, res)));
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));
  const port = (server.address() as AddressInfo).port;
  return { port, base: `http://127.0.0.1:${port}`, requests, connections: () => connections };
}
const send = (type: string | null, body: Buffer) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(200, type ? { 'Content-Type': type } : {}).end(body);
};

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Only for tests against the local server: the default policy refuses 127.0.0.1. */
const onlyLocal = (ip: string) => ip === '127.0.0.1';

async function refusal(url: string, options?: SafeFetchOptions): Promise<SafeFetchError> {
  const err: unknown = await safeFetch(url, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  return err as SafeFetchError;
}
const reasonOf = async (url: string, options?: SafeFetchOptions) => (await refusal(url, options)).reason;
const local = (extra?: SafeFetchOptions): SafeFetchOptions => ({ isAllowedAddress: onlyLocal, ...extra });

/** Records every outgoing TCP connect as "host:port", to prove that none was even attempted. */
function spyConnects(): () => string[] {
  const spy = vi.spyOn(Socket.prototype, 'connect');
  return () =>
    spy.mock.calls.map((args) => {
      const first = args[0] as unknown;
      const opts = (Array.isArray(first) ? first[0] : first) as { host?: string; port?: number };
      return `${opts.host}:${opts.port}`;
    });
}

const waitFor = async (cond: () => boolean) => {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('safeFetch: URL rules', () => {
  it.each([
    ...['file:///etc/passwd', 'ftp://example.com/a.png', 'data:image/png;base64,iVBORw0KGgo=', 'javascript:alert(1)'],
    ...['http://user:pass@example.com/a.png', 'https://user@example.com/a.png', 'not a url'],
  ])('refuses %s as bad-url without resolving or connecting', async (url) => {
    const resolve = vi.fn(async () => [{ address: '93.184.216.34' }]);
    const connects = spyConnects();
    expect(await reasonOf(url, { resolve })).toBe('bad-url');
    expect(resolve).not.toHaveBeenCalled();
    expect(connects()).toEqual([]);
  });
});

describe('safeFetch: address policy (default isPublicAddress)', () => {
  it('refuses loopback, metadata and private literals and hosts before any connection', async () => {
    const srv = await serve(send('image/png', PNG));
    const connects = spyConnects();
    for (const url of [
      `${srv.base}/x.png`,
      `http://localhost:${srv.port}/`, // real dns.lookup: 127.0.0.1 / ::1
      'http://[::1]/',
      `http://[::ffff:127.0.0.1]:${srv.port}/`,
      `http://0x7f000001:${srv.port}/`, // WHATWG URL turns this into 127.0.0.1
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
    ]) {
      expect(await reasonOf(url), url).toBe('forbidden-address');
    }
    expect(connects()).toEqual([]);
    expect(srv.connections()).toBe(0);
  });

  it('refuses a host whose resolver returns a private address', async () => {
    const resolve = async () => [{ address: '192.168.1.10' }];
    expect(await reasonOf('http://intranet.example/a.png', { resolve })).toBe('forbidden-address');
  });

  it('refuses a host with one public and one private address, in either order', async () => {
    const connects = spyConnects();
    for (const answers of [
      ['93.184.216.34', '10.0.0.5'],
      ['fd00::1', '2606:4700::1111'],
    ]) {
      const resolve = async () => answers.map((address) => ({ address }));
      expect(await reasonOf('https://mixed.example/font.woff2', { resolve })).toBe('forbidden-address');
    }
    expect(connects()).toEqual([]);
  });
});

describe('safeFetch: happy path against a local server', () => {
  it('returns body, media type and final URL, with our headers and no cookies', async () => {
    const srv = await serve(send('image/png; charset=binary', PNG));
    const res = await safeFetch(`${srv.base}/x.png?v=1`, local());
    expect(res.body.equals(PNG)).toBe(true);
    expect(res.contentType).toBe('image/png');
    expect(res.finalUrl).toBe(`${srv.base}/x.png?v=1`);
    const h = srv.requests[0].headers;
    expect(h['user-agent']).toBe('PhotoStudio-DownloadProxy/1.0');
    expect(h.accept).toBe('image/*,font/*');
    expect(h.cookie).toBeUndefined();
  });

  it('accepts font/woff2 and application/octet-stream with image or font magic', async () => {
    for (const [type, body] of [
      ['font/woff2', WOFF2],
      ['application/octet-stream', PNG],
      ['application/octet-stream', WOFF2],
    ] as const) {
      const srv = await serve(send(type, body));
      const res = await safeFetch(`${srv.base}/f`, local());
      expect(res.contentType).toBe(type);
      expect(res.body.equals(body)).toBe(true);
    }
  });

  it.each([
    ['text/html', HTML],
    ['image/svg+xml', SVG],
    ['image/png', HTML], // label says image, bytes say HTML
    ['font/woff2', HTML],
    ['application/octet-stream', HTML],
    ['application/json', Buffer.from('{}')],
    [null, PNG], // no Content-Type at all
  ])('refuses %s with that body as bad-content-type', async (type, body) => {
    const srv = await serve(send(type as string | null, body));
    expect(await reasonOf(`${srv.base}/x`, local())).toBe('bad-content-type');
  });

  it('reports a non-2xx final status as http-status with the status', async () => {
    const srv = await serve((_req, res) => res.writeHead(404, { 'Content-Type': 'image/png' }).end(PNG));
    const err = await refusal(`${srv.base}/missing.png`, local());
    expect([err.reason, err.status]).toEqual(['http-status', 404]);
  });
});

describe('safeFetch: size and time limits', () => {
  it('refuses by Content-Length without waiting for the body', async () => {
    // Promises 1 MB, sends 8 bytes, then stalls: only a header check can answer before the timeout.
    const srv = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': '1000000' });
      res.write(PNG.subarray(0, 8));
    });
    const err = await refusal(`${srv.base}/big.png`, local({ maxBytes: 1000, timeoutMs: 5000 }));
    expect(err.reason).toBe('too-large');
  });

  it('aborts a chunked body as soon as it passes maxBytes', async () => {
    let serverSawClose = false;
    // Streams forever without Content-Length: only a streaming check can stop it before the timeout.
    const srv = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.write(PNG);
      const timer = setInterval(() => res.write(Buffer.alloc(16 * 1024)), 2);
      res.on('close', () => (clearInterval(timer), (serverSawClose = true)));
    });
    const err = await refusal(`${srv.base}/endless.png`, local({ maxBytes: 100_000, timeoutMs: 5000 }));
    expect(err.reason).toBe('too-large');
    await waitFor(() => serverSawClose);
    expect(serverSawClose).toBe(true); // the connection was really dropped
  });

  it('accepts a body of exactly maxBytes', async () => {
    const srv = await serve(send('image/png', PNG));
    const res = await safeFetch(`${srv.base}/x.png`, local({ maxBytes: PNG.length }));
    expect(res.body.length).toBe(PNG.length);
  });

  it('times out on a server that never answers', async () => {
    const srv = await serve(() => {});
    expect(await reasonOf(`${srv.base}/x.png`, local({ timeoutMs: 300 }))).toBe('timeout');
  });

  it('the time limit covers a trickling body and the redirect chain as a whole', async () => {
    const trickle = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' }).write(PNG);
      const timer = setInterval(() => res.write('x'), 20);
      res.on('close', () => clearInterval(timer));
    });
    expect(await reasonOf(`${trickle.base}/x.png`, local({ timeoutMs: 300 }))).toBe('timeout');
    // Each hop takes 120 ms: a per-hop timer of 300 ms would never fire.
    const slow = await serve((req, res) => {
      setTimeout(() => res.writeHead(302, { Location: `/r${req.url}` }).end(), 120);
    });
    expect(await reasonOf(`${slow.base}/`, local({ timeoutMs: 300 }))).toBe('timeout');
  });
});

describe('safeFetch: redirects', () => {
  it.each([301, 302, 303, 307, 308])('follows %i, resolving each hop once', async (status) => {
    const srv = await serve((req, res) => {
      if (req.url === '/start') res.writeHead(status, { Location: `http://cdn.test:${srv.port}/img.png` }).end();
      else send('image/png', PNG)(req, res);
    });
    const resolve = vi.fn(async () => [{ address: '127.0.0.1' }]);
    const res = await safeFetch(`http://origin.test:${srv.port}/start`, { resolve, isAllowedAddress: onlyLocal });
    expect(res.finalUrl).toBe(`http://cdn.test:${srv.port}/img.png`);
    expect(resolve.mock.calls).toEqual([['origin.test'], ['cdn.test']]);
  });

  it('refuses a redirect to a private literal without connecting to it', async () => {
    const srv = await serve((_req, res) => res.writeHead(302, { Location: 'http://10.0.0.1/a.png' }).end());
    const connects = spyConnects();
    expect(await reasonOf(`${srv.base}/go`, local())).toBe('forbidden-address');
    expect(connects()).toEqual([`127.0.0.1:${srv.port}`]); // only the first hop
  });

  it('re-resolves and re-checks every hop, and re-checks the scheme', async () => {
    const srv = await serve((req, res) => {
      // ftp: with a host, so only the per-hop scheme check (not "no host") can refuse it.
      const to = req.url === '/a' ? 'http://evil.test/x.png' : `ftp://127.0.0.1:${srv.port}/x.png`;
      res.writeHead(307, { Location: to }).end();
    });
    const resolve = async (host: string) => [{ address: host === 'evil.test' ? '10.1.2.3' : '127.0.0.1' }];
    const opts = { resolve, isAllowedAddress: onlyLocal };
    expect(await reasonOf(`http://ok.test:${srv.port}/a`, opts)).toBe('forbidden-address');
    expect(await reasonOf(`http://ok.test:${srv.port}/b`, opts)).toBe('bad-url');
  });

  it('stops after maxRedirects (default 5) and allows exactly that many', async () => {
    const srv = await serve((req, res) => {
      const n = Number(req.url?.slice(1));
      if (n > 0) res.writeHead(302, { Location: `/${n - 1}` }).end();
      else send('image/png', PNG)(req, res);
    });
    expect(await reasonOf(`${srv.base}/6`, local())).toBe('too-many-redirects');
    expect(srv.requests).toHaveLength(6); // the 6th redirect was not followed
    expect((await safeFetch(`${srv.base}/5`, local())).finalUrl).toBe(`${srv.base}/0`);
    expect(await reasonOf(`${srv.base}/3`, local({ maxRedirects: 2 }))).toBe('too-many-redirects');
  });
});

describe('safeFetch: DNS rebinding', () => {
  it('pins the validated address: the resolver is asked once and its answer is what we connect to', async () => {
    const srv = await serve(send('image/png', PNG));
    // ".invalid" never resolves in real DNS, and a second answer would be private:
    // success proves the connection used the first, validated answer.
    const answers = ['127.0.0.1', '10.9.9.9'];
    const resolve = vi.fn(async () => [{ address: answers.shift() ?? '10.9.9.9' }]);
    const res = await safeFetch(`http://pinned.invalid:${srv.port}/x.png`, { resolve, isAllowedAddress: onlyLocal });
    expect(res.body.equals(PNG)).toBe(true);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(srv.requests[0].headers.host).toBe(`pinned.invalid:${srv.port}`);
  });

  it('never connects to 127.0.0.1 when the resolver answers public first, then 127.0.0.1', async () => {
    const srv = await serve(send('image/png', PNG));
    const answers = ['93.184.216.34', '127.0.0.1'];
    const resolve = vi.fn(async () => [{ address: answers.shift() ?? '127.0.0.1' }]);
    // "localhost" would reach our server if anything re-resolved the name (system DNS included).
    const err = await refusal(`http://localhost:${srv.port}/x.png`, { resolve, timeoutMs: 500 });
    expect(['network', 'timeout']).toContain(err.reason); // 93.184.216.34 is unreachable or slow here
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(srv.connections()).toBe(0);
  });

  it('checks the real peer address at connect time and sends nothing to a refused peer', async () => {
    const srv = await serve(send('image/png', PNG));
    // The policy approves 127.0.0.1 at resolution and changes its mind afterwards, as a
    // policy would for a rebound address: only the connect-time check can catch it.
    const seen: string[] = [];
    const isAllowedAddress = (ip: string) => (seen.push(ip), seen.length === 1);
    const resolve = async () => [{ address: '127.0.0.1' }];
    const err = await refusal(`http://rebind.invalid:${srv.port}/x.png`, { resolve, isAllowedAddress });
    expect(err.reason).toBe('forbidden-address');
    expect(seen).toEqual(['127.0.0.1', '127.0.0.1']); // resolution check, then socket.remoteAddress
    await waitFor(() => srv.connections() > 0);
    expect(srv.connections()).toBe(1); // the TCP connection was made…
    await new Promise((r) => setTimeout(r, 50));
    expect(srv.requests).toHaveLength(0); // …but no request was written on it
  });
});
