import type { APIRoute } from 'astro';
import { defaultRange } from '../../../../lib/report-range';
import { RETUR_PAGE_SIZE, ReturListQuerySchema } from '../../../../lib/schemas/retur';
import { answer, endpoint, parseWith, requireMember } from '../../../../server/http';
import { readMultipart } from '../../../../server/multipart';
import { jsonParam, rangeFromFilter } from '../../../../server/range-filter';
import { createReturnFromForm } from '../../../../server/services/retur/create-return-form';
import { listReturns } from '../../../../server/services/retur/get-return';

/** GET /member/transaction/retur: page_size, page, sort {orderby, order}, filter {tanggal: {between: [from, to]}}. */
export const GET = endpoint(async (ctx) => {
  const q = ctx.url.searchParams;
  const range = rangeFromFilter(ctx.url, 'tanggal');
  const sort = jsonParam<{ orderby?: unknown; order?: unknown }>(ctx.url, 'sort');
  const query = parseWith(ReturListQuerySchema, {
    from: range.from ?? defaultRange('last30').from,
    to: range.to ?? defaultRange('last30').to,
    page: q.get('page') ?? 1,
    page_size: q.get('page_size') ?? RETUR_PAGE_SIZE,
    orderby: sort.orderby ?? q.get('sort[orderby]') ?? q.get('orderby') ?? undefined,
    order: sort.order ?? q.get('sort[order]') ?? q.get('order') ?? undefined,
    member: [],
  });
  return answer(await listReturns(requireMember(ctx), query));
}) satisfies APIRoute;

/** POST /member/transaction/retur (multipart): files, no_invoice, deskripsi, same_address, saved_address, details[]. */
export const POST = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const result = await createReturnFromForm(member, await readMultipart(ctx.request));
  return answer({ public_id: result.public_id, no_retur: result.no_retur }, result.message, 201);
}) satisfies APIRoute;
