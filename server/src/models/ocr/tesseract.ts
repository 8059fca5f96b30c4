/**
 * Line recognition with Debian's Tesseract 5 (`tesseract-ocr`, Apache-2.0, run as a separate program) for the
 * scripts PaddleOCR ships no recogniser for here: Traditional Chinese (`tesseract-ocr-chi-tra`) and Korean
 * (`tesseract-ocr-kor`). PP-OCRv4's recogniser reads Traditional characters as their Simplified forms, so a
 * Traditional picture read with it loses its script; Tesseract reads the line crops that PP-OCR's detector found.
 * Tesseract is good on flat, printed text (documents, signs), weaker on busy photos: the page says so.
 */
import { spawn } from 'node:child_process';
import { ResultCode } from '../../../../engine/spec/errors';

/** Tesseract's name of each language it reads here. */
export type TesseractLanguage = 'chi_tra' | 'kor';

/** Tesseract, or one of its languages, is not installed. */
export class TesseractMissingError extends Error {
  readonly code = ResultCode.SERVICE_UNAVAILABLE;
  constructor(detail: string) {
    super(`Tesseract OCR is not available: ${detail}; install it on the server: apt-get install tesseract-ocr tesseract-ocr-chi-tra tesseract-ocr-kor`);
  }
}

/** Debian's tesseract, found on PATH. */
const TESSERACT = 'tesseract';

/**
 * The text of one line picture (PNG), read as a single line (`--psm 7`).
 * @throws TesseractMissingError when the program or the language data is missing
 */
export function tesseractLine(png: Buffer, language: TesseractLanguage, timeoutMs = 20_000): Promise<string> {
  return runTesseract(png, ['-l', language, '--psm', '7'], language, timeoutMs).then((out) => out.trim());
}

/** One line of a page read by {@link tesseractPage}: its words joined, a box in the picture's pixels. */
export interface TesseractPageLine {
  text: string;
  /** Mean word confidence, 0..1. */
  confidence: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The lines of a whole page (`--psm 4`: one column of lines of any size; `--psm 3` lost the large headings of a notice), from Tesseract's TSV: for documents in scripts the
 * PP-OCR recogniser cannot read at all (Korean), whose lines its detector therefore drops.
 */
export async function tesseractPage(png: Buffer, language: TesseractLanguage, timeoutMs = 60_000): Promise<TesseractPageLine[]> {
  const tsv = await runTesseract(png, ['-l', language, '--psm', '4', 'tsv'], language, timeoutMs);
  const lines = new Map<string, { words: Array<{ text: string; left: number; right: number }>; confidences: number[]; box: number[] }>();
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells.length < 12) continue;
    const [level, , block, par, line, , left, top, width, height, conf] = cells.map(Number);
    const key = `${block}/${par}/${line}`;
    if (level === 4) lines.set(key, { words: [], confidences: [], box: [left, top, width, height] });
    const text = cells[11].trim();
    if (level === 5 && text && conf >= 0) {
      const entry = lines.get(key);
      entry?.words.push({ text, left, right: left + width });
      entry?.confidences.push(conf / 100);
    }
  }
  return [...lines.values()]
    .filter((l) => l.words.length > 0)
    .map((l) => ({
      text: joinWords(l.words, l.box[3]),
      confidence: l.confidences.reduce((a, b) => a + b, 0) / l.confidences.length,
      left: l.box[0],
      top: l.box[1],
      width: l.box[2],
      height: l.box[3],
    }));
}

/**
 * A line's words joined by the gaps between them: Tesseract often cuts a Korean word into syllables ("영 업"),
 * so a space is written only where the gap is wider than a quarter of the line's height.
 */
export function joinWords(words: Array<{ text: string; left: number; right: number }>, lineHeight: number): string {
  let text = '';
  words.forEach((word, i) => {
    if (i > 0) text += word.left - words[i - 1].right > lineHeight / 4 ? ' ' : '';
    text += word.text;
  });
  return text;
}

function runTesseract(png: Buffer, args: string[], language: TesseractLanguage, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TESSERACT, ['stdin', 'stdout', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new TesseractMissingError(`${TESSERACT} was not found`) : e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      if (/Failed loading language|Error opening data file/i.test(err)) return reject(new TesseractMissingError(`the '${language}' language data is missing`));
      reject(new Error(`tesseract exited with ${code ?? 'a signal'}: ${err.trim().split('\n')[0] ?? ''}`));
    });
    child.stdin.on('error', () => undefined); // an early exit closes stdin; the close handler reports it
    child.stdin.end(png);
  });
}

/**
 * Joins the Chinese (and Japanese) characters of a line that Tesseract spaced apart ("台 北 市" → "台北市"), keeping
 * the spaces between Latin words, digits and Korean words (Korean writes spaces between words).
 */
export function tidyCjkSpacing(text: string): string {
  const cjk = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}，。、：；！？（）「」';
  return text
    .replace(new RegExp(`(?<=[${cjk}])\\s+(?=[${cjk}])`, 'gu'), '')
    .replace(/\s+/g, ' ')
    .trim();
}
