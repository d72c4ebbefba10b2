import type { APIRoute } from 'astro';
import { z } from 'zod';
import { answer, endpoint, parseWith, readBody } from '../../server/http';
import { listDistricts } from '../../server/services/regions/list-regions';

const Query = z.object({
  city_id: z.coerce.string({ error: 'Wilayah induk harus dipilih' }).regex(/^[\d.]{2,13}$/, 'Wilayah induk tidak valid'),
});

export const POST = endpoint(async (ctx) => {
  const input = parseWith(Query, await readBody(ctx.request));
  return answer(await listDistricts(input.city_id));
}) satisfies APIRoute;
