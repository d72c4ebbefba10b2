import { ReturCreateSchema } from '../../../lib/schemas/retur';
import { parseWith } from '../../http';
import type { MultipartBody } from '../../multipart';
import type { SessionMember } from '../auth/session-member';
import { createReturn } from './create-return';

/**
 * The create-return form as sent (spec/001 §7: files, no_invoice, deskripsi, same_address,
 * saved_address, details as JSON). A browser without JavaScript sends one qty_<detail_id> field
 * per line instead of details; filled ones are the returned lines.
 */
export async function createReturnFromForm(member: SessionMember, body: MultipartBody) {
  const fields: Record<string, unknown> = { ...body.fields };
  if (fields.details === undefined) {
    fields.details = Object.entries(body.fields)
      .filter(([key, value]) => key.startsWith('qty_') && value.trim() !== '')
      .map(([key, value]) => ({ detail_id: key.slice(4), qty: value }));
  }
  const input = parseWith(ReturCreateSchema, fields);
  const files = (body.files.get('files') ?? body.files.get('files[]') ?? []).map((f) => ({ name: f.name, bytes: f.bytes }));
  return createReturn(member, input, files);
}
