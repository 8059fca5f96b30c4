import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { isLink, type ApiWorkflow } from '../workflowCheck';

/**
 * The picture the protocol test server "generates": a deterministic image computed from the
 * workflow, so tests get a real PNG whose look depends on what was asked (seed, prompt, size,
 * input image), without any diffusion model.
 *
 * - text-to-image (EmptyLatentImage): a gradient with discs, colours from hash(prompt, seed);
 * - a workflow that reads an image (LoadImage): that image, hue-rotated by the seed, or for
 *   colourisation (DDColor) the grey input toned warm;
 * - a workflow whose output is a mask (MaskToImage): a white ellipse on black, the "detected clothes".
 */
export async function fakePicture(workflow: ApiWorkflow, uploads: Map<string, Buffer>): Promise<Buffer> {
  const nodes = Object.values(workflow);
  const of = (cls: string) => nodes.find((n) => n.class_type === cls);
  const seed = Number((of('KSampler')?.inputs.seed ?? of('INPAINT_InpaintWithModel')?.inputs.seed ?? 0) as number);
  const text = nodes
    .filter((n) => n.class_type === 'CLIPTextEncode')
    .map((n) => String(n.inputs.text))
    .join('|');
  const hash = createHash('sha256').update(`${seed}:${text}`).digest();
  const latent = of('EmptyLatentImage');
  const load = of('LoadImage');
  const source = load ? uploads.get(String(load.inputs.image)) : undefined;

  const save = nodes.find((n) => n.class_type === 'SaveImage');
  const fed = save && isLink(save.inputs.images) ? workflow[String(save.inputs.images[0])] : undefined;
  if (fed?.class_type === 'MaskToImage') {
    const meta = source ? await sharp(source).metadata() : { width: 512, height: 512 };
    const w = meta.width ?? 512;
    const h = meta.height ?? 512;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="black"/><ellipse cx="${w / 2}" cy="${h * 0.6}" rx="${w * 0.3}" ry="${h * 0.25}" fill="white"/></svg>`;
    return sharp(Buffer.from(svg)).png().toBuffer();
  }
  if (source) {
    let img = sharp(source).rotate().removeAlpha();
    // sharp applies greyscale late in a pipeline, so the toning runs on a second one.
    if (of('DDColor_Colorize'))
      img = sharp(await img.greyscale().png().toBuffer())
        .toColourspace('srgb')
        .tint({ r: 200, g: 150, b: 100 });
    else img = img.modulate({ hue: (seed % 300) + 30, saturation: 1.4 });
    const scale = of('ImageScale');
    if (scale) img = img.resize(Number(scale.inputs.width), Number(scale.inputs.height), { fit: 'fill' });
    return img.png().toBuffer();
  }
  const w = Number(latent?.inputs.width ?? 512);
  const h = Number(latent?.inputs.height ?? 512);
  const c = (i: number) => `rgb(${hash[i]},${hash[i + 1]},${hash[i + 2]})`;
  const discs = [0, 1, 2, 3, 4].map((k) => {
    const b = hash.subarray(12 + k * 4);
    return `<circle cx="${(b[0] / 255) * w}" cy="${(b[1] / 255) * h}" r="${(0.05 + (b[2] / 255) * 0.2) * Math.min(w, h)}" fill="${c(k * 3)}" fill-opacity="0.8"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c(0)}"/><stop offset="1" stop-color="${c(3)}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${discs.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
