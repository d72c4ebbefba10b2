import type { APIRoute } from 'astro';
import { answer, endpoint } from '../../../../server/http';
import { getBanners } from '../../../../server/services/dashboard/get-banners';

export const GET = endpoint(async (ctx) => answer(await getBanners(ctx.params.name ?? ''))) satisfies APIRoute;
