/**
 * A small Markdown reader for the blog articles: front matter (`key: value` lines between `---`),
 * headings (##, ###), paragraphs, lists (-, 1.), images `![alt](src)`, links `[text](href)` and
 * **bold**. It returns data, not HTML, so the page renders it with React and nothing in an
 * article can inject markup.
 */

export type Inline = { type: 'text'; text: string } | { type: 'strong'; text: string } | { type: 'link'; text: string; href: string };

export type Block =
  | { type: 'heading'; level: 2 | 3; text: string }
  | { type: 'paragraph'; content: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'image'; alt: string; src: string };

export interface Article {
  meta: Record<string, string>;
  blocks: Block[];
}

/** Splits `**bold**` and `[text](href)` out of a line of text. */
export function parseInline(text: string): Inline[] {
  const parts: Inline[] = [];
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) parts.push({ type: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) parts.push({ type: 'strong', text: match[1] });
    else parts.push({ type: 'link', text: match[2], href: match[3] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

function parseFrontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of match[1].split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) meta[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { meta, body: source.slice(match[0].length) };
}

/**
 * Reads one article.
 * @example parseArticle('---\ntitle: Hi\n---\n## Step 1\nOpen **the tool**.').blocks.length // 2
 */
export function parseArticle(source: string): Article {
  const { meta, body } = parseFrontMatter(source.replace(/\r\n/g, '\n'));
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: Inline[][] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', content: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ type: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{2,3})\s+(.*)$/.exec(line);
    const image = /^!\[([^\]]*)\]\(([^)\s]+)\)$/.exec(line);
    const item = /^(-|\d+\.)\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1].length as 2 | 3, text: heading[2] });
    } else if (image) {
      flush();
      blocks.push({ type: 'image', alt: image[1], src: image[2] });
    } else if (item) {
      const ordered = item[1] !== '-';
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(parseInline(item[2]));
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return { meta, blocks };
}
