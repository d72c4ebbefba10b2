import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../server/http';
import { getTree } from '../../../server/services/network/get-tree';

/** GET /member/reports/tree?cariId=&level= */
export const GET = endpoint(async (ctx) => {
  const q = ctx.url.searchParams;
  return answer(await getTree(requireMember(ctx), q.get('cariId'), Number(q.get('level') ?? 3)));
}) satisfies APIRoute;
