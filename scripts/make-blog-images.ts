/**
 * Makes the illustrations of the how-to articles (content/blog) with the real tools, on the
 * project's own test photos (tests/assets/photos, see NOTICE.md): background remover, background
 * changer (the cut-out over a colour, as the tool does with a colour), background blur, photo
 * enhancer and AI image extender. Writes small WebP files into public/blog/.
 *
 *   node --import tsx scripts/make-blog-images.ts
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { removeBackground } from '../server/src/models/removeBackground';
import { enhanceImage } from '../server/src/models/esrgan/enhance';
import { blurBackground } from '../server/src/processors/bgblur';
import { extendImage } from '../server/src/processors/aiextend';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'public', 'blog');
/** Width of every illustration: small pages, readable result. */
const WIDTH = 480;

async function photo(name: string, maxSide = 800): Promise<Buffer> {
  return sharp(await readFile(path.join(root, 'tests/assets/photos', `${name}.jpg`)))
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside' })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function save(name: string, image: Buffer, background?: string): Promise<void> {
  let pipeline = sharp(image).resize({ width: WIDTH, withoutEnlargement: false });
  if (background) pipeline = pipeline.flatten({ background });
  const file = path.join(outDir, `${name}.webp`);
  await writeFile(file, await pipeline.webp({ quality: 72, alphaQuality: 80 }).toBuffer());
  console.log(`wrote ${path.relative(root, file)}`);
}

await mkdir(outDir, { recursive: true });

// 1. Background remover on the cat photo; the cut-out is kept transparent.
const cat = await photo('chelsea');
await save('remove-bg-before', cat);
const cutout = (await removeBackground(cat)).png;
await save('remove-bg-after', cutout);

// 2. Background changer: the same cut-out over a brand colour and a soft studio grey.
await save('change-bg-blue', cutout, '#3B82F6');
await save('change-bg-studio', cutout, '#F1F2F4');

// 3. Background blur on the astronaut portrait.
const astronaut = await photo('astronaut');
await save('blur-before', astronaut);
await save('blur-after', await blurBackground(astronaut, { strength: 70, feather: 3 }));

// 4. Photo enhancer: a 160 px copy of the coffee photo, upscaled 4× by Real-ESRGAN, next to a plain resize.
const tiny = await sharp(await photo('coffee'))
  .resize(160)
  .jpeg({ quality: 70 })
  .toBuffer();
await save('enhance-before', await sharp(tiny).resize(WIDTH, null, { kernel: 'nearest' }).toBuffer());
await save('enhance-after', (await enhanceImage(tiny, { scale: 4 })).body);

// 5. AI image extender: the coffee photo widened to 16:9.
const coffee = await photo('coffee', 640);
await save('extend-before', coffee);
await save('extend-after', (await extendImage(coffee, { ratio: '16:9', position: { x: 0.5, y: 0.5 } })).png);
