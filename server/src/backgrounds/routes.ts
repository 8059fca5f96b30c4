/**
 * `GET /api/backgrounds`: the background library catalogue (envelope), and
 * `GET /api/backgrounds/:id/thumb.png`: a small PNG thumbnail of one entry (unknown id → 404).
 */
import type { FastifyInstance } from 'fastify';
import { AI_BACKGROUND_SCENES, BACKGROUNDS, USED_CATEGORIES } from '../../../engine/backgrounds/catalogue';
import { ResultCode } from '../../../engine/spec/errors';
import { fail, ok } from '../envelope';
import { backgroundThumbnail, THUMB_HEIGHT, THUMB_WIDTH } from './thumbnails';

/** One catalogue entry as the picker needs it. */
export interface BackgroundListItem {
  id: string;
  category: string;
  nameKey: string;
  thumbUrl: string;
}

export interface BackgroundCatalogue {
  categories: string[];
  backgrounds: BackgroundListItem[];
  /** Ids offered on /ai-background. */
  scenes: string[];
  thumbWidth: number;
  thumbHeight: number;
}

export const thumbUrlFor = (id: string): string => `/api/backgrounds/${encodeURIComponent(id)}/thumb.png`;

/** The catalogue reply; built once, it never changes while the server runs. */
const CATALOGUE: BackgroundCatalogue = {
  categories: [...USED_CATEGORIES],
  backgrounds: BACKGROUNDS.map(({ id, category, nameKey }) => ({ id, category, nameKey, thumbUrl: thumbUrlFor(id) })),
  scenes: [...AI_BACKGROUND_SCENES],
  thumbWidth: THUMB_WIDTH,
  thumbHeight: THUMB_HEIGHT,
};

/** Thumbnails are drawn from code; a new release may redraw one, so cache for a day, not forever. */
const CACHE_CONTROL = 'public, max-age=86400';

export function registerBackgroundRoutes(app: FastifyInstance): void {
  app.get('/api/backgrounds', async (_request, reply) => reply.header('cache-control', CACHE_CONTROL).send(ok(CATALOGUE)));

  app.get<{ Params: { id: string } }>('/api/backgrounds/:id/thumb.png', async (request, reply) => {
    const thumb = backgroundThumbnail(request.params.id);
    if (!thumb) return reply.code(404).send(fail(ResultCode.PARAMS_INVALID, 'background not found'));
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .send(await thumb);
  });
}
