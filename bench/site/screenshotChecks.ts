/**
 * What the screenshot script can find on a page by itself, besides the picture: the page wider than
 * the screen, text cut off by its box, broken images, missing-key markers, "Coming soon", and (on a
 * Chinese page) Latin words left in the text. Each entry names the element so it can be found.
 */
import type { Page } from '@playwright/test';

export interface PageProblems {
  overflowX: string[];
  clipped: string[];
  brokenImages: string[];
  missingKeys: string[];
  comingSoon: string[];
  latinOnCjk: string[];
}

export async function pageChecks(page: Page, lang: string): Promise<PageProblems> {
  return page.evaluate((language) => {
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.id;
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : cls} "${text}"`;
    };
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
    };
    const all = [...document.body.querySelectorAll('*')].filter(
      (el) => !el.closest('canvas, svg, script, style, noscript, [aria-hidden="true"], .sr-only, .visually-hidden'),
    );
    const problems = {
      overflowX: [] as string[],
      clipped: [] as string[],
      brokenImages: [] as string[],
      missingKeys: [] as string[],
      comingSoon: [] as string[],
      latinOnCjk: [] as string[],
    };

    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      // The outermost elements that stick out on the right.
      for (const el of all) {
        if (!visible(el)) continue;
        const box = el.getBoundingClientRect();
        if (box.right > width + 1 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1))
          problems.overflowX.push(`${describe(el)} right=${Math.round(box.right)}`);
      }
      if (!problems.overflowX.length) problems.overflowX.push(`scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
    }

    for (const el of all) {
      if (!visible(el)) continue;
      const ownText = [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
      if (!ownText) continue;
      const style = getComputedStyle(el);
      const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip' || style.webkitLineClamp !== 'none';
      if ((hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1)) problems.clipped.push(describe(el));
    }

    for (const img of document.images) {
      if (img.complete && img.naturalWidth === 0 && visible(img)) problems.brokenImages.push(img.getAttribute('src')?.slice(0, 80) ?? '(no src)');
    }

    // Text nodes only (not attributes): an i18n key looks like `pages.help.title` or `{{count}}`.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const latin = new Set<string>();
    const ALLOWED =
      /^(PNG|JPG|JPEG|WEBP|ZIP|AI|ID|URL|PDF|HEIC|GIF|RAW|CSV|API|HD|4K|FAQ|Google|Apple|App|Store|Play|Email|E-mail|PGlite|PostgreSQL|ComfyUI|GPU|CPU|Noto|Sans|SC|TC|JP|KR|Inter|LumaCut|Lumacut|photo-studio|Chromium|MB|KB|GB|kB|px|cm|mm|in|dpi|DPI|RGB|CMYK|OK|Pro|PRO|iOS|Android|Markdown|GitHub|cookie|lan|redirectLan)$/;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, code, pre, kbd, [translate="no"], [lang="en"]') || !visible(parent)) continue;
      const text = node.textContent ?? '';
      const keys = text.match(/\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+\.[a-zA-Z.]+\b|\{\{\w+\}\}/g);
      if (keys) problems.missingKeys.push(...keys.filter((key) => !/\.(png|jpg|jpeg|webp|com|org|md)$/.test(key)));
      if (/coming soon/i.test(text)) problems.comingSoon.push(describe(parent));
      if (language === 'zh') for (const word of text.match(/[A-Za-z][A-Za-z-]{3,}/g) ?? []) if (!ALLOWED.test(word)) latin.add(word);
    }
    problems.latinOnCjk = [...latin].slice(0, 40);
    problems.clipped = [...new Set(problems.clipped)];
    return problems;
  }, lang);
}
