import { AppError } from './errors';
import { BAD_FORMAT, hasNul, readBodyBytes } from './http';

/** Uploads (return evidence: 3 files of at most 5 MB) need more than readBody's 1 MB JSON cap. */
export const MAX_MULTIPART_BYTES = 16_000_000;

export interface MultipartBody {
  fields: Record<string, string>;
  files: Map<string, { name: string; type: string; bytes: Uint8Array }[]>;
}

/**
 * Reads a multipart/form-data (or urlencoded) body of at most `cap` bytes: the declared length is
 * checked first, then the stream is counted as it arrives, so a lying or chunked client cannot
 * make the server buffer more than the cap.
 */
export async function readMultipart(request: Request, cap = MAX_MULTIPART_BYTES): Promise<MultipartBody> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('multipart/form-data') && !type.includes('application/x-www-form-urlencoded')) {
    throw new AppError('BAD_INPUT', BAD_FORMAT);
  }
  const body = await readBodyBytes(request, cap);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new AppError('BAD_INPUT', BAD_FORMAT);
  }
  const out: MultipartBody = { fields: {}, files: new Map() };
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') {
      out.fields[key] = value;
    } else if (value.size > 0 || value.name) {
      const list = out.files.get(key) ?? [];
      // An empty file input still sends one part with no name and no bytes: that is no file.
      if (value.size > 0) list.push({ name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
      out.files.set(key, list);
    }
  }
  if (hasNul(out.fields)) throw new AppError('BAD_INPUT', BAD_FORMAT);
  return out;
}
