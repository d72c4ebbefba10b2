import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../server/http';
import { listDashboardPromos } from '../../../server/services/promo/list-dashboard-promos';

/** GET /member/dashboard/banner-promo: promo banners and trip promos with the member's claim state. */
export const GET = endpoint(async (ctx) => answer(await listDashboardPromos(requireMember(ctx)))) satisfies APIRoute;
