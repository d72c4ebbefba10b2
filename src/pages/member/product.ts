import type { APIRoute } from 'astro';
import { ProductQuerySchema } from '../../lib/schemas/order';
import { answer, endpoint, parseWith, requireMember } from '../../server/http';
import { listProducts } from '../../server/services/order/list-products';

/** GET /member/product?jenis=&page_size=: packages or products with the minimum BV per tier. */
export const GET = endpoint(async (ctx) => {
  requireMember(ctx);
  const query = parseWith(ProductQuerySchema, Object.fromEntries(ctx.url.searchParams));
  return answer(await listProducts(query.jenis, query.page_size));
}) satisfies APIRoute;
