/**
 * Test pictures for text and seal extraction: real photos (tests/assets/photos, scikit-image data)
 * with English and Chinese lines drawn in real fonts (Noto, from @fontsource), and a synthetic round
 * red seal over a printed contract line. Also the scoring rule of models-text-fonts.md.
 */
import sharp from 'sharp';
import { readPhoto } from '../../testing/testPhotos';
import { drawLines, lineSvg, textPath, type TextLine } from '../../testing/renderText';

export interface TextFixture {
  name: string;
  image: Buffer;
  lines: string[];
}

async function scaled(photo: 'coffee' | 'chelsea' | 'astronaut', width: number): Promise<Buffer> {
  return sharp(await readPhoto(photo))
    .resize({ width })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Three photos, 14 lines: bold with outline, light serif on busy parts, digits, rotated lines, Chinese. */
export async function textFixtures(): Promise<TextFixture[]> {
  const coffee: TextLine[] = [
    { text: 'Grand Opening 50% OFF', family: 'noto-sans', weight: 700, size: 64, x: 60, y: 110, fill: '#ffffff', stroke: '#222222', strokeWidth: 4 },
    { text: 'Fresh coffee roasted daily', family: 'noto-serif', size: 44, x: 80, y: 330, fill: '#fff8e0' },
    { text: '欢迎光临本店，今日特价', family: 'noto-sans-sc', weight: 700, size: 52, x: 60, y: 520, fill: '#ffe14d', stroke: '#000000', strokeWidth: 3 },
    { text: '北京市朝阳区建国路88号', family: 'noto-serif-sc', size: 42, x: 300, y: 660, fill: '#ffffff', stroke: '#333333', strokeWidth: 2 },
    { text: 'Call 021-6688-1234', family: 'noto-sans', size: 40, x: 640, y: 760, fill: '#ffffff', stroke: '#000000', strokeWidth: 2 },
  ];
  const chelsea: TextLine[] = [
    { text: 'Adopt a friend today', family: 'noto-sans', weight: 700, size: 56, x: 60, y: 120, fill: '#ffffff', stroke: '#000000', strokeWidth: 3, angle: -5 },
    { text: '猫咪领养日', family: 'noto-sans-sc', weight: 700, size: 60, x: 700, y: 200, fill: '#ffffff', stroke: '#000000', strokeWidth: 3, angle: 4 },
    { text: 'Open Saturday 10:00-16:00', family: 'noto-serif', size: 40, x: 60, y: 700, fill: '#ffffff', stroke: '#202020', strokeWidth: 2 },
    { text: '上海市静安区南京西路', family: 'noto-sans-sc', size: 42, x: 500, y: 770, fill: '#ffffff', stroke: '#000000', strokeWidth: 2 },
  ];
  const astronaut: TextLine[] = [
    { text: 'Mission Control Center', family: 'noto-sans', weight: 700, size: 54, x: 50, y: 90, fill: '#ffffff', stroke: '#0a1a40', strokeWidth: 3 },
    { text: '航天员训练中心', family: 'noto-serif-sc', weight: 700, size: 56, x: 60, y: 200, fill: '#ffd200', stroke: '#000000', strokeWidth: 3 },
    { text: 'Launch window 2026', family: 'noto-serif', size: 46, x: 560, y: 700, fill: '#ffffff', stroke: '#000000', strokeWidth: 2 },
    { text: '探索宇宙，永不止步', family: 'noto-sans-sc', size: 48, x: 60, y: 860, fill: '#ffffff', stroke: '#000000', strokeWidth: 2 },
    { text: 'www.space-example.org', family: 'noto-sans', size: 38, x: 520, y: 1000, fill: '#e8f0ff', stroke: '#000000', strokeWidth: 2 },
  ];
  return [
    { name: 'coffee', image: await drawLines(await scaled('coffee', 1200), coffee), lines: coffee.map((l) => l.text) },
    { name: 'chelsea', image: await drawLines(await scaled('chelsea', 1200), chelsea), lines: chelsea.map((l) => l.text) },
    { name: 'astronaut', image: await drawLines(await scaled('astronaut', 1080), astronaut), lines: astronaut.map((l) => l.text) },
  ];
}

/** Two photos, 6 Japanese lines (kana, kanji, digits; one rotated), for the `ja` recogniser. */
export async function japaneseFixtures(): Promise<TextFixture[]> {
  const coffee: TextLine[] = [
    { text: 'いらっしゃいませ', family: 'noto-sans-jp', weight: 700, size: 60, x: 60, y: 120, fill: '#ffffff', stroke: '#222222', strokeWidth: 3 },
    { text: '本日のおすすめコーヒー', family: 'noto-sans-jp', size: 48, x: 80, y: 340, fill: '#fff8e0', stroke: '#000000', strokeWidth: 2 },
    { text: '東京都渋谷区神南1丁目', family: 'noto-sans-jp', size: 42, x: 300, y: 660, fill: '#ffffff', stroke: '#333333', strokeWidth: 2 },
  ];
  const chelsea: TextLine[] = [
    { text: 'ねこの里親募集中', family: 'noto-sans-jp', weight: 700, size: 58, x: 60, y: 130, fill: '#ffffff', stroke: '#000000', strokeWidth: 3, angle: -4 },
    { text: '土曜日10時から16時まで', family: 'noto-sans-jp', size: 42, x: 60, y: 700, fill: '#ffffff', stroke: '#202020', strokeWidth: 2 },
    { text: 'お問い合わせはこちら', family: 'noto-sans-jp', size: 44, x: 500, y: 780, fill: '#ffffff', stroke: '#000000', strokeWidth: 2 },
  ];
  return [
    { name: 'coffee-ja', image: await drawLines(await scaled('coffee', 1200), coffee), lines: coffee.map((l) => l.text) },
    { name: 'chelsea-ja', image: await drawLines(await scaled('chelsea', 1200), chelsea), lines: chelsea.map((l) => l.text) },
  ];
}

/** A flat notice and a photo with 6 Traditional Chinese lines (characters Simplified writes otherwise), for `zh-tw`. */
export async function traditionalFixtures(): Promise<TextFixture[]> {
  const notice: TextLine[] = [
    { text: '臺北市營業時間調整', family: 'noto-sans-tc', weight: 700, size: 56, x: 60, y: 120, fill: '#111111' },
    { text: '歡迎蒞臨本店參觀', family: 'noto-sans-tc', size: 46, x: 60, y: 240, fill: '#222222' },
    { text: '週末假日照常營業', family: 'noto-sans-tc', size: 46, x: 60, y: 340, fill: '#222222' },
  ];
  const coffee: TextLine[] = [
    { text: '新鮮咖啡每日烘焙', family: 'noto-sans-tc', weight: 700, size: 56, x: 60, y: 120, fill: '#ffffff', stroke: '#222222', strokeWidth: 3 },
    { text: '會員優惠請洽櫃檯', family: 'noto-sans-tc', size: 46, x: 80, y: 340, fill: '#fff8e0', stroke: '#000000', strokeWidth: 2 },
    { text: '電話：02-2345-6789', family: 'noto-sans-tc', size: 42, x: 300, y: 660, fill: '#ffffff', stroke: '#333333', strokeWidth: 2 },
  ];
  const paper = await sharp({ create: { width: 900, height: 420, channels: 3, background: '#f7f5ef' } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return [
    { name: 'notice-zh-tw', image: await drawLines(paper, notice), lines: notice.map((l) => l.text) },
    { name: 'coffee-zh-tw', image: await drawLines(await scaled('coffee', 1200), coffee), lines: coffee.map((l) => l.text) },
  ];
}

/** A flat notice with 3 Korean lines, for `ko` (Tesseract is made for documents). */
export async function koreanFixtures(): Promise<TextFixture[]> {
  const notice: TextLine[] = [
    { text: '영업시간 안내', family: 'noto-sans-kr', weight: 700, size: 56, x: 60, y: 120, fill: '#111111' },
    { text: '매주 월요일은 휴무입니다', family: 'noto-sans-kr', size: 46, x: 60, y: 240, fill: '#222222' },
    { text: '문의 전화 02-123-4567', family: 'noto-sans-kr', size: 46, x: 60, y: 340, fill: '#222222' },
  ];
  const paper = await sharp({ create: { width: 900, height: 420, channels: 3, background: '#f7f5ef' } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return [{ name: 'notice-ko', image: await drawLines(paper, notice), lines: notice.map((l) => l.text) }];
}

/** NFKC, no whitespace, full/half-width punctuation unified: the comparison of models-text-fonts.md. */
export function normaliseText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '').replace(/[，]/g, ',').replace(/[。]/g, '.').replace(/[：]/g, ':').toLowerCase();
}

/** Expected lines found exactly (a line may be split in two boxes on one row: adjacent pairs count). */
export function exactLines(expected: string[], found: string[]): string[] {
  const got = new Set(found.map(normaliseText));
  for (let i = 0; i + 1 < found.length; i++) got.add(normaliseText(found[i] + found[i + 1]));
  return expected.filter((line) => got.has(normaliseText(line)));
}

export const SEAL_RING_TEXT = '上海星辰科技有限公司';
export const SEAL_CENTRE_TEXT = '合同专用章';

/** SVG of a round red seal: ring, star, company name along the upper arc, purpose in the middle. */
export function sealSvg(cx: number, cy: number, r: number, red = '#d81e1e'): string {
  const parts: string[] = [];
  parts.push(`<circle cx="${cx}" cy="${cy}" r="${r - 6}" fill="none" stroke="${red}" stroke-width="10"/>`);
  // Ring text: characters spread over 250° centred on 12 o'clock, upright towards the centre.
  const chars = [...SEAL_RING_TEXT];
  const span = (250 * Math.PI) / 180;
  const size = r * 0.26;
  chars.forEach((ch, i) => {
    const a = -Math.PI / 2 - span / 2 + (span * (i + 0.5)) / chars.length; // angle from +x, clockwise on screen
    const rr = r * 0.74;
    const x = cx + rr * Math.cos(a);
    const y = cy + rr * Math.sin(a);
    const { d, advance } = textPath(ch, 'noto-sans-sc', size, 700);
    const deg = (a * 180) / Math.PI + 90;
    parts.push(`<path transform="translate(${x} ${y}) rotate(${deg}) translate(${-advance / 2} ${size * 0.38})" d="${d}" fill="${red}"/>`);
  });
  // Five-pointed star in the middle.
  const star: string[] = [];
  for (let k = 0; k < 10; k++) {
    const rad = k % 2 === 0 ? r * 0.2 : r * 0.08;
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    star.push(`${(cx + rad * Math.cos(a)).toFixed(1)},${(cy - r * 0.05 + rad * Math.sin(a)).toFixed(1)}`);
  }
  parts.push(`<polygon points="${star.join(' ')}" fill="${red}"/>`);
  const centre = textPath(SEAL_CENTRE_TEXT, 'noto-sans-sc', r * 0.17, 700);
  parts.push(`<path transform="translate(${cx - centre.advance / 2} ${cy + r * 0.5})" d="${centre.d}" fill="${red}"/>`);
  return parts.join('');
}

/** A contract page photo-like picture: printed black lines, a red seal over "乙方（盖章）", noise, JPEG. */
export async function sealDocument(): Promise<Buffer> {
  const width = 1000;
  const height = 700;
  const printed: TextLine[] = [
    { text: '购销合同', family: 'noto-serif-sc', weight: 700, size: 44, x: 410, y: 80, fill: '#111111' },
    { text: '甲方：北京华夏贸易有限公司', family: 'noto-serif-sc', size: 30, x: 80, y: 170, fill: '#1a1a1a' },
    { text: 'Total amount: 128,000 CNY', family: 'noto-serif', size: 30, x: 80, y: 240, fill: '#1a1a1a' },
    { text: '乙方（盖章）', family: 'noto-serif-sc', size: 30, x: 560, y: 470, fill: '#1a1a1a' },
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/>${printed.map(lineSvg).join('')}<g opacity="0.92">${sealSvg(700, 450, 150)}</g></svg>`;
  const raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  // Deterministic noise, so paper grain and JPEG blocks are part of what the pipeline sees.
  let seed = 12345;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = Math.max(0, Math.min(255, raw[i] + ((seed >> 16) % 17) - 8));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}
