import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../server/http';
import { getDashboard } from '../../../server/services/dashboard/get-dashboard';

export const GET = endpoint(async (ctx) => answer(await getDashboard(requireMember(ctx)))) satisfies APIRoute;
