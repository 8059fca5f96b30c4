import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inLanguage } from '../../tests/helpers/renderMarkup';
import { StageProgress } from '../pages/tools/extender/StageProgress';
import { TaskProgress } from '../tools/TaskProgress';

describe('queue position on the task progress (issue 29)', () => {
  it('says how many jobs are ahead while the task waits, in the page language', async () => {
    const en = await inLanguage('en', () =>
      renderToStaticMarkup(createElement(TaskProgress, { phase: 'processing', progress: 0.3, queueAhead: 4, onCancel: () => undefined })),
    );
    expect(en).toContain('data-testid="task.queueAhead">4 ahead of you in the queue</p>');
    const de = await inLanguage('de', () =>
      renderToStaticMarkup(createElement(StageProgress, { label: 'x', phase: 'processing', progress: 0.3, queueAhead: 2, onCancel: () => undefined })),
    );
    expect(de).toContain('>Noch 2 vor Ihnen in der Warteschlange</p>');
  });

  it('shows nothing once the task runs or when nobody is ahead', async () => {
    for (const queueAhead of [null, 0]) {
      const html = await inLanguage('en', () =>
        renderToStaticMarkup(createElement(TaskProgress, { phase: 'processing', progress: 0.5, queueAhead, onCancel: () => undefined })),
      );
      expect(html).not.toContain('task.queueAhead');
    }
  });
});
