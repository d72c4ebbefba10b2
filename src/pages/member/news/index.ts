import type { APIRoute } from 'astro';
import { answer, endpoint } from '../../../server/http';
import { listNews } from '../../../server/services/news/list-news';

/** GET /member/news/: page, page_size (5 on dashboard and news page, 20 on registration). */
export const GET = endpoint(async (ctx) => {
  const q = ctx.url.searchParams;
  return answer(await listNews(Number(q.get('page') ?? 1), Number(q.get('page_size') ?? 5)));
}) satisfies APIRoute;
