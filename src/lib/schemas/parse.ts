import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** The first message per field, keyed by the field name, for showing under each input. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}
