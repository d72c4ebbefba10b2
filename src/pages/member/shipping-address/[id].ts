import type { APIRoute } from 'astro';
import { AddressSchema } from '../../../lib/schemas/address';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../server/http';
import { deleteAddress, saveAddress } from '../../../server/services/address/save-address';

export const PUT = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(AddressSchema, await readBody(ctx.request));
  const saved = await saveAddress(member, ctx.params.id ?? '', input);
  return answer({ public_id: saved.public_id }, saved.message);
}) satisfies APIRoute;

export const DELETE = endpoint(async (ctx) =>
  answer(null, await deleteAddress(requireMember(ctx), ctx.params.id ?? '')),
) satisfies APIRoute;
