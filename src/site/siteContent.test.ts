import { describe, expect, it } from 'vitest';
import { parseProject } from '../../engine/doc/parseProject';
import { LANGUAGES } from '../../engine/spec/locales';
import { STORAGE_ENTRIES } from '../../engine/spec/storageKeys';
import { MESSAGES } from '../../locales';
import { ARTICLE_SLUGS, loadAllArticles, loadArticle } from './blog/articles';
import { parseArticle } from './blog/markdown';
import { HELP_QUESTIONS } from './pages/helpQuestions';
import { POLICY_SECTIONS } from './pages/policies';
import { buildTemplateProject } from './templates/buildTemplateProject';
import { DESIGN_TEMPLATES, TEMPLATE_CATEGORIES } from './templates/designTemplates';
import { existsSync } from 'node:fs';
import path from 'node:path';

const en = MESSAGES.en as Record<string, any>;

describe('/help', () => {
  it('answers at least 20 questions, each with text in every language', () => {
    expect(HELP_QUESTIONS.length).toBeGreaterThanOrEqual(20);
    for (const { id } of HELP_QUESTIONS) {
      for (const messages of Object.values(MESSAGES) as Array<Record<string, any>>) {
        expect(messages.help.q[id].q, id).toBeTruthy();
        expect(messages.help.q[id].a, id).toBeTruthy();
      }
    }
  });
});

describe('policies and storage keys (SPEC §3)', () => {
  it('lists every SPEC storage key and cookie with a meaning', () => {
    const names = STORAGE_ENTRIES.map((entry) => entry.name);
    for (const key of [
      'accountInfo',
      'benefitsInfo',
      'authToken',
      'cookieConfirmation',
      'languageName',
      'collectGuideGift',
      'deviceId',
      'clientId',
      'projectLimitToast',
      'deviceReported',
      'idPhotoTipsShown',
      'salesPromotionFirstShow',
      'salesPromotionServerTime',
      'lan',
      'redirectLan',
    ]) {
      expect(names, key).toContain(key);
    }
    for (const entry of STORAGE_ENTRIES) expect(en.legal.storage[entry.id], entry.id).toMatch(/\w/);
  });

  it('says how long uploads and results are kept, and covers tasks and timing reports', () => {
    expect(en.legal.privacy.uploads.b).toContain('{{hours}} hours');
    for (const section of ['uploads', 'tasks', 'projects', 'timings', 'browser']) expect(POLICY_SECTIONS.privacy).toContain(section);
    for (const policy of ['privacy', 'terms', 'cookies'] as const) {
      for (const id of POLICY_SECTIONS[policy]) expect(en.legal[policy][id].b, `${policy}.${id}`).toBeTruthy();
    }
  });
});

describe('/blog', () => {
  it('has at least 5 how-to articles, each illustrated with images that exist in public/', async () => {
    expect(ARTICLE_SLUGS.length).toBeGreaterThanOrEqual(5);
    const articles = await loadAllArticles('en');
    for (const article of articles) {
      expect(article.meta.title, article.slug).toBeTruthy();
      expect(article.meta.tool, article.slug).toMatch(/^\//);
      const images = article.blocks.filter((block) => block.type === 'image');
      expect(images.length, article.slug).toBeGreaterThanOrEqual(2);
      for (const image of images) {
        if (image.type === 'image') expect(existsSync(path.join('public', image.src)), image.src).toBe(true);
      }
    }
  });

  it('has every article in all 14 languages, with the same illustrations and tool link as the English one', async () => {
    for (const slug of ARTICLE_SLUGS) {
      const english = await loadArticle(slug, 'en');
      const imagesOf = (a: typeof english) => a!.blocks.flatMap((b) => (b.type === 'image' ? [b.src] : []));
      for (const lang of LANGUAGES) {
        const article = await loadArticle(slug, lang);
        expect(article?.lang, `${slug} ${lang}`).toBe(lang);
        expect(article!.meta.title, `${slug} ${lang}`).toBeTruthy();
        expect(article!.meta.summary, `${slug} ${lang}`).toBeTruthy();
        expect(article!.meta.tool, `${slug} ${lang}`).toBe(english!.meta.tool);
        expect(imagesOf(article), `${slug} ${lang}`).toEqual(imagesOf(english));
        if (lang !== 'en') expect(article!.meta.title, `${slug} ${lang}`).not.toBe(english!.meta.title);
      }
    }
    expect(await loadArticle('no-such-article', 'en')).toBeUndefined();
  });

  it('reads headings, lists, links, bold and images as data, never as HTML', () => {
    const { meta, blocks } = parseArticle('---\ntitle: T\n---\n## Step\nOpen **the tool** at [home](/).\n\n- a\n- b\n\n![alt](/x.webp)\n<script>x</script>');
    expect(meta.title).toBe('T');
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'image', 'paragraph']);
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Open ' },
        { type: 'strong', text: 'the tool' },
        { type: 'text', text: ' at ' },
        { type: 'link', text: 'home', href: '/' },
        { type: 'text', text: '.' },
      ],
    });
    expect(blocks[4]).toEqual({ type: 'paragraph', content: [{ type: 'text', text: '<script>x</script>' }] });
  });
});

describe('/template', () => {
  it('offers at least 30 templates in every category, some of them pro', () => {
    expect(DESIGN_TEMPLATES.length).toBeGreaterThanOrEqual(30);
    for (const category of TEMPLATE_CATEGORIES)
      expect(
        DESIGN_TEMPLATES.some((t) => t.category === category),
        category,
      ).toBe(true);
    expect(DESIGN_TEMPLATES.some((t) => t.pro)).toBe(true);
    expect(new Set(DESIGN_TEMPLATES.map((t) => t.id)).size).toBe(DESIGN_TEMPLATES.length);
  });

  it('turns each template into a valid project document with its texts in the visitor language', () => {
    const de = MESSAGES.de as Record<string, any>;
    for (const template of DESIGN_TEMPLATES) {
      const doc = buildTemplateProject(template, (key) => key.split('.').reduce((o, k) => o[k], de.templates), 'x');
      const { project } = parseProject(JSON.parse(JSON.stringify(doc)));
      expect(project.templateId).toBe(`tpl_${template.id}`);
      expect(project.layers[0].layerId).toBe('bgLayer');
      const texts = project.layers.filter((layer) => layer.value.valueType === 'text');
      expect(texts.length).toBe(template.texts.length);
      expect(texts.every((layer) => layer.resNeedPro === template.pro)).toBe(true);
      expect(project.layers.map((layer) => layer.index)).toEqual(project.layers.map((_, i) => i));
      for (const layer of project.layers) {
        expect(layer.rect.x + layer.rect.w, template.id).toBeGreaterThan(0);
        expect(layer.rect.y, template.id).toBeLessThan(project.canvasH);
      }
    }
    const summer = buildTemplateProject(
      DESIGN_TEMPLATES.find((t) => t.id === 'summerSale')!,
      (key) => key.split('.').reduce((o, k) => o[k], de.templates),
      'x',
    );
    expect(summer.layers.some((layer) => layer.value.valueType === 'text' && layer.value.text.text === 'Sommerschlussverkauf')).toBe(true);
    // German keeps the template's display font.
    expect(summer.layers.some((layer) => layer.value.valueType === 'text' && layer.value.text.fontName === 'Anton')).toBe(true);
  });

  it('gives a template text translated into Chinese or Japanese the bundled font of its script (a Latin display font shows boxes)', () => {
    const helloWeekend = DESIGN_TEMPLATES.find((t) => t.id === 'helloWeekend')!;
    const fontsIn = (lang: 'zh' | 'zh-tw' | 'ja') => {
      const messages = MESSAGES[lang] as Record<string, any>;
      const doc = buildTemplateProject(helloWeekend, (key) => key.split('.').reduce((o, k) => o[k], messages.templates), 'x', lang);
      return doc.layers.flatMap((layer) => (layer.value.valueType === 'text' ? [layer.value.text.fontName] : []));
    };
    expect(new Set(fontsIn('zh'))).toEqual(new Set(['NotoSansSC']));
    expect(new Set(fontsIn('zh-tw'))).toEqual(new Set(['NotoSansTC']));
    expect(new Set(fontsIn('ja'))).toEqual(new Set(['NotoSansJP']));
    expect(fontsIn('zh')).toHaveLength(helloWeekend.texts.length);
  });
});
