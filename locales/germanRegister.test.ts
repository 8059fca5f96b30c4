import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * German speaks to the user in one register, "Sie", as most of its copy did (issue 29 found "du" and "Sie" mixed).
 * The design templates' own texts (greeting cards: "Herzliche Grüße an dich") are content, not the interface.
 */
const DU = /\b(du|Du|dich|Dich|dir|Dir|dein|Dein|deine|Deine|deinen|Deinen|deinem|deiner|deines)\b/;

function strings(value: unknown, at: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === 'string') out.push([at, value]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, at ? `${at}.${k}` : k, out);
  return out;
}

describe('German register', () => {
  it('says "Sie", never "du", outside the design templates', () => {
    const dir = path.join(__dirname, 'sections');
    const files = [
      'de.json',
      ...readdirSync(dir)
        .filter((area) => area !== 'templates')
        .map((area) => path.join('sections', area, 'de.json')),
    ];
    const du = files
      .flatMap((file) => strings(JSON.parse(readFileSync(path.join(__dirname, file), 'utf8')), file, []))
      .filter(([, text]) => DU.test(text.replace(/\{\{[^}]*\}\}/g, '')));
    expect(du).toEqual([]);
  });
});
