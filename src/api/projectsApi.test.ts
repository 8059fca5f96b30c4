import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProjectId } from '../../engine/doc/projectIds';
import { ResultCode } from '../../engine/spec/errors';
import { testDoc } from '../../server/src/projects/testDoc';
import { databaseTargets } from '../../server/src/testing/testDatabases';
import { startTestServer, type TestServer } from '../../server/src/testing/testServer';
import { NetworkError } from './apiClient';
import { DEVICE_ID_KEY, getDeviceId } from './deviceId';
import {
  ApiResultError,
  createProject,
  deleteProject,
  isProjectNotFound,
  isRevisionConflict,
  listProjects,
  loadProject,
  projectAssetUrl,
  renameProject,
  saveProject,
  thumbnailUrl,
  uploadProjectAsset,
  uploadThumbnail,
} from './projectsApi';

/** The browser globals the client uses, backed by a Map and a cookie jar string. */
function stubBrowser() {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  });
  const doc = { cookie: '' };
  vi.stubGlobal('document', doc);
  return { items, doc };
}

describe('project API client against the real server', () => {
  const target = databaseTargets()[0];
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let browser: ReturnType<typeof stubBrowser>;

  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, { workers: 0 });
    browser = stubBrowser();
    // fetch goes straight into the Fastify app.
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      const body = init.body instanceof Blob ? Buffer.from(await init.body.arrayBuffer()) : (init.body as string | undefined);
      const res = await server.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        headers: init.headers as Record<string, string>,
        payload: body,
      });
      return new Response(res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await server?.close();
    await store?.cleanup();
  });

  it('creates a device id once, keeps it, and mirrors it into the image cookie', () => {
    const id = getDeviceId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(browser.items.get(DEVICE_ID_KEY)).toBe(id);
    expect(getDeviceId()).toBe(id);
    expect(browser.doc.cookie).toMatch(new RegExp(`^deviceId=${id}; path=/api/projects; max-age=\\d+; SameSite=Strict$`));
  });

  it('round-trips a project: create, list, load, save, rename, delete', async () => {
    const doc = testDoc('project');
    expect(await createProject(doc)).toMatchObject({ projectId: doc.projectId, revision: 1 });
    expect(await listProjects('project')).toEqual([expect.objectContaining({ projectId: doc.projectId, name: 'Summer sale', layerCount: 2 })]);
    expect(await listProjects('cutouts')).toEqual([]);
    const loaded = await loadProject(doc.projectId);
    expect(loaded).toMatchObject({ project: doc, revision: 1, warnings: [] });

    const { revision } = await saveProject(doc.projectId, { ...doc, canvasH: 720 }, loaded.revision);
    expect(revision).toBe(2);
    const stale = await saveProject(doc.projectId, doc, 1).catch((e: unknown) => e);
    expect(isRevisionConflict(stale)).toBe(true);
    expect((stale as ApiResultError).data).toEqual({ revision: 2 });

    expect((await renameProject(doc.projectId, ' Poster ')).name).toBe('Poster');
    expect((await loadProject(doc.projectId)).project).toMatchObject({ name: 'Poster', canvasH: 720 });
    await deleteProject(doc.projectId);
    const missing = await loadProject(doc.projectId).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiResultError);
    expect((missing as ApiResultError).code).toBe(ResultCode.PROJECT_NOT_FOUND);
    expect(isProjectNotFound(missing)).toBe(true);
    expect(await listProjects()).toEqual([]);
  });

  it('uploads assets and thumbnails and reads them back by URL', async () => {
    const doc = testDoc('cutouts');
    await createProject(doc);
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#f80' } })
      .png()
      .toBuffer();
    const assetId = createHash('sha256').update(png).digest('hex');
    const blob = new Blob([new Uint8Array(png)], { type: 'image/png' });
    expect(await uploadProjectAsset(doc.projectId, assetId, blob)).toEqual({ assetId, contentType: 'image/png', sizeBytes: png.length });
    const bytes = Buffer.from(await (await fetch(projectAssetUrl(doc.projectId, assetId), { headers: { 'X-Device-Id': getDeviceId() } })).arrayBuffer());
    expect(Buffer.compare(bytes, png)).toBe(0);
    const wrongId = await uploadProjectAsset(doc.projectId, '0'.repeat(64), blob).catch((e: unknown) => e);
    expect(wrongId).toMatchObject({ code: ResultCode.PARAMS_INVALID, message: expect.stringMatching(/SHA-256/) });

    const { thumbnailUrl: url } = await uploadThumbnail(doc.projectId, blob);
    expect(url).toMatch(/\/thumbnail\?v=[0-9a-f]{16}$/);
    expect(thumbnailUrl(doc.projectId)).toBe(`/api/projects/${doc.projectId}/thumbnail`);
    expect((await listProjects('cutouts'))[0].thumbnailUrl).toBe(url);
  });

  it('reports another device as not found and a refused document as params invalid', async () => {
    const doc = testDoc('project');
    await createProject(doc);
    browser.items.set(DEVICE_ID_KEY, 'another_device_id_0123456789');
    expect(await listProjects()).toEqual([]);
    expect(isProjectNotFound(await loadProject(doc.projectId).catch((e: unknown) => e))).toBe(true);
    const bad = await createProject(testDoc('project', { projectId: createProjectId('cutouts') })).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: ResultCode.PARAMS_INVALID, message: expect.stringMatching(/does not match/) });
  });
});

describe('project API client without a server', () => {
  beforeEach(() => {
    stubBrowser();
  });
  afterAll(() => vi.unstubAllGlobals());

  it('turns a failed connection or a non-JSON reply into NetworkError', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(listProjects()).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal('fetch', async () => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(listProjects()).rejects.toThrow(/HTTP 502/);
  });

  it('replaces a malformed stored device id', () => {
    localStorage.setItem(DEVICE_ID_KEY, 'bad id!');
    const id = getDeviceId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(id);
  });
});
