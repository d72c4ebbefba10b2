import type { APIRoute } from 'astro';
import { z } from 'zod';
import { answer, endpoint, parseWith, readBody } from '../../server/http';
import { listCities } from '../../server/services/regions/list-regions';

const Query = z.object({
  province_id: z.coerce.string({ error: 'Wilayah induk harus dipilih' }).regex(/^[\d.]{2,13}$/, 'Wilayah induk tidak valid'),
});

export const POST = endpoint(async (ctx) => {
  const input = parseWith(Query, await readBody(ctx.request));
  return answer(await listCities(input.province_id));
}) satisfies APIRoute;
