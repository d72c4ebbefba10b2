import type { APIRoute } from 'astro';
import { CreateOrderSchema } from '../../../lib/schemas/order';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../server/http';
import { createOrder } from '../../../server/services/order/create-order';

export const ORDER_CREATED = 'Order berhasil dibuat, silakan lakukan pembayaran';

/** POST /member/transaction: creates a PENDING order (registration, upgrade or repeat order). */
export const POST = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(CreateOrderSchema, await readBody(ctx.request));
  const { public_id, no_order, created } = await createOrder(member, input);
  return answer({ public_id, no_order }, ORDER_CREATED, created ? 201 : 200);
}) satisfies APIRoute;
