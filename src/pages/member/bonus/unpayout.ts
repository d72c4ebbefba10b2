import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../server/http';
import { listUnpaidBonuses } from '../../../server/services/bonus/payouts';

export const GET = endpoint(async (ctx) => answer(await listUnpaidBonuses(requireMember(ctx)))) satisfies APIRoute;
