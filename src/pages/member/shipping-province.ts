import type { APIRoute } from 'astro';
import { answer, endpoint } from '../../server/http';
import { listProvinces } from '../../server/services/regions/list-regions';

export const POST = endpoint(async () => answer(await listProvinces())) satisfies APIRoute;
