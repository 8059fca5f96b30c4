/**
 * The checks of the ID photo maker on real photos: each bad photo is refused with its SPEC §8 code
 * and its problem name (the page turns it into advice), never cropped badly. A refused task is
 * refunded by the task runner (a failed task's charge is returned; see taskCharging.test.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ID_PHOTO_PROBLEM_CODES, problemFromMessage, type IdPhotoProblem } from '../../../engine/idphoto/checks';
import { parseIdPhotoParams } from '../../../engine/idphoto/params';
import { PROJECT_ROOT } from '../config';
import { readPhoto } from '../testing/testPhotos';
import { makeIdPhoto } from './makeIdPhoto';
import { GROUP_PHOTO } from './portraits';

const us = () => {
  const p = parseIdPhotoParams({ templateId: 'us-passport' });
  if (!p.ok) throw new Error(p.message);
  return p.value;
};

async function refusal(input: Buffer): Promise<{ code: number; problem: IdPhotoProblem | null }> {
  try {
    await makeIdPhoto(input, us());
  } catch (err) {
    const e = err as { code: number; message: string };
    return { code: e.code, problem: problemFromMessage(e.message) };
  }
  throw new Error('the photo was accepted');
}

const expectProblem = async (input: Buffer, problem: IdPhotoProblem) => {
  expect(await refusal(input)).toEqual({ code: ID_PHOTO_PROBLEM_CODES[problem], problem });
};

describe('ID photo checks', () => {
  it('a photo without a face (coffee cup) is refused: noFace', async () => {
    await expectProblem(await readPhoto('coffee'), 'noFace');
  });

  it('a group photo is refused: severalFaces', async () => {
    await expectProblem(await readFile(GROUP_PHOTO), 'severalFaces');
  });

  it('a face turned away (yaw ≈ 38°) is refused: faceTurned', async () => {
    await expectProblem(await readFile(path.join(PROJECT_ROOT, 'tests/assets/portraits/turned.jpg')), 'faceTurned');
  });

  it('a strongly tilted head (roll ≈ 43°) is refused: faceTilted', async () => {
    await expectProblem(await readFile(path.join(PROJECT_ROOT, 'tests/assets/portraits/tilted.jpg')), 'faceTilted');
  });

  it('hair cut off by the top edge is refused: headAtTop', async () => {
    // The astronaut's hair starts ~15 px below the top: cut 30 px away.
    const cut = await sharp(await readPhoto('astronaut'))
      .extract({ left: 0, top: 30, width: 512, height: 482 })
      .jpeg()
      .toBuffer();
    await expectProblem(cut, 'headAtTop');
  });

  it('a tiny photo is refused: photoTooSmall', async () => {
    const tiny = await sharp(await readPhoto('astronaut'))
      .resize(120, 120)
      .jpeg()
      .toBuffer();
    await expectProblem(tiny, 'photoTooSmall');
  });

  it('a file that is not an image is refused with PARAMS_INVALID', async () => {
    expect((await refusal(Buffer.from('not an image'))).code).toBe(-102);
  });
});
