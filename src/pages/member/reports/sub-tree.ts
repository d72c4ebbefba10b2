import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../server/http';
import { getSubTree } from '../../../server/services/network/get-tree';

/** GET /member/reports/sub-tree?cariId=: the children for a folder expansion. */
export const GET = endpoint(async (ctx) =>
  answer(await getSubTree(requireMember(ctx), ctx.url.searchParams.get('cariId') ?? '')),
) satisfies APIRoute;
