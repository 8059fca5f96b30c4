import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../schema';
import { testDoc } from '../projects/testDoc';
import { fileKeysInDocument, KeptFiles } from './keptFiles';

describe('fileKeysInDocument', () => {
  it('finds relative and absolute /files/ URLs and stops at a quote, ? or #', () => {
    const text = JSON.stringify({
      a: '/files/uploads/web/2026/11/24/a.png',
      b: 'https://photos.example.org/files/results/2026/11/24/t.png?v=2',
      c: 'http://localhost:8080/files/uploads/masks/2026/11/24/m.png#x',
      d: 'asset:0123',
      e: '/img/texture/grain.png',
      f: '/files/',
    });
    expect(fileKeysInDocument(text)).toEqual(['uploads/web/2026/11/24/a.png', 'results/2026/11/24/t.png', 'uploads/masks/2026/11/24/m.png']);
  });
});

describe('KeptFiles', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    await migrate(db);
  });
  afterAll(() => db.close());

  const addProject = (uri: string, deleted = false) => {
    const doc = testDoc('project', { name: uri });
    doc.layers[1].value = { ...doc.layers[1].value, text: { ...(doc.layers[1].value as { text: object }).text, fillImageUrl: uri } } as never;
    return db.query(`insert into projects (owner, id, type, name, doc, deleted_at) values ('o', $1, 'project', '', $2::jsonb, $3)`, [
      doc.projectId,
      JSON.stringify(doc),
      deleted ? new Date() : null,
    ]);
  };

  it('keeps files of live projects and active tasks, not of deleted projects or finished tasks, and sees later saves', async () => {
    await addProject('/files/uploads/web/live.png');
    await addProject('/files/uploads/web/deleted.png', true);
    await db.query(`insert into tasks (id, type, status, params) values ('t1', 'removebg', 'queued', $1), ('t2', 'removebg', 'done', $2)`, [
      JSON.stringify({ inputKey: 'uploads/web/queued.png', imgUrl: 'http://localhost/files/uploads/web/queued2.png' }),
      JSON.stringify({ inputKey: 'uploads/web/finished.png' }),
    ]);
    const kept = await KeptFiles.load(db);
    expect(kept.has('uploads/web/live.png', 'o')).toBe(true);
    expect(kept.has('uploads/web/queued.png', 'o')).toBe(true);
    expect(kept.has('uploads/web/queued2.png', 'o')).toBe(true);
    expect(kept.has('uploads/web/deleted.png', 'o')).toBe(false);
    expect(kept.has('uploads/web/finished.png', 'o')).toBe(false);

    // Saved while a sweep is running: the refresh before the next delete sees it.
    await addProject('https://photos.example.org/files/uploads/web/added-mid-sweep.png');
    expect(kept.has('uploads/web/added-mid-sweep.png', 'o')).toBe(false);
    await kept.refresh();
    expect(kept.has('uploads/web/added-mid-sweep.png', 'o')).toBe(true);
  });

  it("issue 30 item 10: a project keeps only its owner's files; naming another owner's file does not pin it", async () => {
    await addProject('/files/uploads/web/someone-elses.png');
    const kept = await KeptFiles.load(db);
    expect(kept.has('uploads/web/someone-elses.png', 'o')).toBe(true);
    expect(kept.has('uploads/web/someone-elses.png', 'other-owner')).toBe(false);
    expect(kept.has('uploads/web/someone-elses.png', null)).toBe(false);
  });

  it('reads every live project when there are more than one page of them', async () => {
    for (let i = 0; i < 250; i++) await addProject(`/files/uploads/web/many-${i}.png`);
    const kept = await KeptFiles.load(db);
    for (const i of [0, 99, 100, 199, 200, 249]) expect(kept.has(`uploads/web/many-${i}.png`, 'o')).toBe(true);
  });
});
