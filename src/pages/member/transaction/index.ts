import type { APIRoute } from 'astro';
import { defaultRange } from '../../../lib/report-range';
import { CreateOrderSchema } from '../../../lib/schemas/order';
import { OrderListQuerySchema } from '../../../lib/schemas/order-list';
import { setFlash } from '../../../server/flash';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../server/http';
import { jsonParam, rangeFromFilter } from '../../../server/range-filter';
import { createOrder } from '../../../server/services/order/create-order';
import { listOrders } from '../../../server/services/order/list-orders';

export const ORDER_CREATED = 'Order berhasil dibuat, silakan lakukan pembayaran';

/**
 * GET /member/transaction (spec/001 §7): page, page_size, search, orderby, order and filter as
 * URL-encoded JSON {tgl_order: {between: [from, to]}, status_order: {in: [...]}, member: {in: [...]}};
 * plain from/to/status/member parameters work too; no range means the last 30 days. Answers rows, total_count and opt_member.
 */
export const GET = endpoint(async (ctx) => {
  const q = ctx.url.searchParams;
  const filter = jsonParam<{ status_order?: { in?: unknown }; member?: { in?: unknown } }>(ctx.url, 'filter');
  const range = rangeFromFilter(ctx.url, 'tgl_order');
  // Without a range the list shows the last 30 days (spec/001 §2), like the page.
  const fallback = defaultRange('last30');
  const none = range.from === undefined && range.to === undefined;
  const query = parseWith(OrderListQuerySchema, {
    from: none ? fallback.from : range.from,
    to: none ? fallback.to : range.to,
    status: filter.status_order?.in ?? q.getAll('status'),
    member: filter.member?.in ?? q.getAll('member'),
    search: q.get('search') ?? undefined,
    orderby: q.get('orderby') ?? undefined,
    order: q.get('order') ?? undefined,
    page: q.get('page') ?? 1,
    page_size: q.get('page_size') ?? undefined,
  });
  return answer(await listOrders(requireMember(ctx), query));
}) satisfies APIRoute;

/** POST /member/transaction: creates a PENDING order (registration, upgrade or repeat order). */
export const POST = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(CreateOrderSchema, await readBody(ctx.request));
  const { public_id, no_order, created } = await createOrder(member, input);
  // The stepper goes on to the order's page, which shows the server's message as its notification.
  setFlash(ctx.cookies, { message: ORDER_CREATED, type: 'success' });
  return answer({ public_id, no_order }, ORDER_CREATED, created ? 201 : 200);
}) satisfies APIRoute;
