import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { TIMING_STAT_KEYS, type TimingStat, type TimingStats } from '../../engine/util/timingPhases';
import { inLanguage, renderMarkup, startInEnglish } from '../../tests/helpers/renderMarkup';
import { AdminStatsView, type AdminStatsState } from './AdminStatsPage';

const none: TimingStat = { count: 0, median: null, p95: null };
const statsOf = (over: Partial<Record<(typeof TIMING_STAT_KEYS)[number], TimingStat>>) =>
  Object.fromEntries(TIMING_STAT_KEYS.map((key) => [key, over[key] ?? none])) as TimingStats['types'][number]['stats'];

const render = (state: AdminStatsState) =>
  renderMarkup(createElement(AdminStatsView, { state, days: 0, onDays: () => undefined, onReload: () => undefined, onToken: () => undefined })).replace(
    /[\u00a0\u202f]/g,
    ' ',
  );

startInEnglish();

describe('AdminStatsView', () => {
  it('shows a loading state', () => {
    const html = render({ status: 'loading' });
    expect(html).toContain('data-testid="adminStats.loading"');
    expect(html).toContain('Loading statistics…');
  });

  it('shows an error with a retry button', () => {
    const html = render({ status: 'error' });
    expect(html).toMatch(/role="alert" data-testid="adminStats.error"/);
    expect(html).toContain('Try again');
  });

  it('asks for the token on 403, and says so when a token was refused', () => {
    const first = render({ status: 'forbidden', rejected: false });
    expect(first).toContain('Admin token required');
    expect(first).toContain('type="password"');
    expect(first).not.toContain('was not accepted');
    expect(first).not.toContain('adminStats.period'); // nothing to filter yet
    expect(render({ status: 'forbidden', rejected: true })).toContain('This token was not accepted');
  });

  it('shows an empty state when no reports arrived', () => {
    expect(render({ status: 'ready', stats: { types: [] } })).toContain('No timing reports yet');
  });

  it('shows one table per task type with count, median and p95 of every phase', () => {
    const html = render({
      status: 'ready',
      stats: {
        types: [
          { funcType: 'picenhance', count: 1, stats: statsOf({ whole: { count: 1, median: 4000, p95: 4000 } }) },
          {
            funcType: 'removebg',
            count: 1234,
            stats: statsOf({ upload: { count: 1200, median: 250, p95: 1530 }, whole: { count: 1234, median: 65_000, p95: 90_000 } }),
          },
        ],
      },
    });
    expect(html.match(/<table/g)).toHaveLength(2);
    expect(html).toContain('<code>removebg</code>');
    expect(html).toContain('Tasks: 1,234');
    expect(html.match(/<tbody>.*?<\/tbody>/s)?.[0].match(/<tr/g)).toHaveLength(TIMING_STAT_KEYS.length);
    expect(html).toMatch(/Upload<\/th><td class="num">1,200<\/td><td class="num">250 ms<\/td><td class="num">1\.5 s/);
    expect(html).toMatch(/Whole task<\/th><td class="num">1,234<\/td><td class="num">1\.1 min/);
    // A phase without measurements shows dashes, not zeros.
    expect(html).toMatch(/Encoding<\/th><td class="num">0<\/td><td class="num">–<\/td><td class="num">–<\/td>/);
  });

  it('is translated', async () => {
    expect(await inLanguage('ja', () => render({ status: 'ready', stats: { types: [] } }))).toContain('タスク所要時間の統計');
  });
});
