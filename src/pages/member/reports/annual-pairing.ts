import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../server/http';
import { annualPairingReport } from '../../../server/services/bonus/annual-pairing';

export const GET = endpoint(async (ctx) => answer(await annualPairingReport(requireMember(ctx)))) satisfies APIRoute;
