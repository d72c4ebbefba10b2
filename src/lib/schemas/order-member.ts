import { z } from 'zod';
import { type MemberStep, memberFieldErrors, normalizeMember } from './order-member-rules';

export * from './order-member-rules';

/**
 * The member step of the registration stepper (spec/001 §5 Member step) as a zod schema of the
 * create call's `member` object (snake_case keys of the order contract). Its checks are the pure
 * rules of order-member-rules.ts, the ones the island shows field by field, so browser and
 * server give the same Indonesian message for the same input. Output: the normalized payload
 * (trimmed, phone without spaces, negara defaulting to Indonesia).
 */
export const MemberStepSchema = z
  .record(z.string(), z.unknown(), { error: 'Lengkapi data calon member' })
  .superRefine((payload, ctx) => {
    for (const [key, message] of Object.entries(memberFieldErrors(payload))) ctx.addIssue({ code: 'custom', path: [key], message });
  })
  .transform((payload): MemberStep => normalizeMember(payload));

export type MemberStepInput = z.input<typeof MemberStepSchema>;
export type { MemberStep };

/** The first message per field of a member payload, empty when valid (zod's reading of the same rules). */
export function memberStepErrors(payload: unknown): Record<string, string> {
  const parsed = MemberStepSchema.safeParse(payload);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[String(issue.path[0] ?? '_')] ??= issue.message;
  return out;
}
