import type { APIRoute } from 'astro';
import { AddressSchema } from '../../../lib/schemas/address';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../server/http';
import { listAddresses } from '../../../server/services/address/list-addresses';
import { saveAddress } from '../../../server/services/address/save-address';

export const GET = endpoint(async (ctx) => {
  const rows = await listAddresses(requireMember(ctx));
  return answer({ rows, total_count: rows.length });
}) satisfies APIRoute;

export const POST = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(AddressSchema, await readBody(ctx.request));
  const saved = await saveAddress(member, undefined, input);
  return answer({ public_id: saved.public_id }, saved.message, 201);
}) satisfies APIRoute;
