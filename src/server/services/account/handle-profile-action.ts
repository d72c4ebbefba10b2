import { AutoWithdrawSchema, BankSchema, HeirSchema, NpwpSchema, ProfileSchema } from '../../../lib/schemas/account';
import { type FieldErrors, fieldErrors } from '../../../lib/schemas/parse';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { resendBankVerification, resendNpwpVerification } from './resend-verification';
import { setAutoWithdraw } from './set-auto-withdraw';
import { updateBank } from './update-bank';
import { updateHeir } from './update-heir';
import { updateNpwp } from './update-npwp';
import { updateProfile } from './update-profile';

export type ProfileAction = 'profile' | 'pewaris' | 'rekening' | 'npwp' | 'auto-withdraw' | 'resend-bank' | 'resend-npwp';

export type ProfileActionResult =
  | { ok: true; message: string }
  | { ok: false; action: ProfileAction; message?: string; errors: FieldErrors; values: Record<string, string> };

/**
 * The profile page's plain-form posts, one per section, sent to the same services as the
 * /member/account calls (the page works without JavaScript).
 */
export async function handleProfileAction(member: SessionMember, form: Record<string, string>): Promise<ProfileActionResult> {
  const action = form._action as ProfileAction;
  const schemas = {
    profile: ProfileSchema,
    pewaris: HeirSchema,
    rekening: BankSchema,
    npwp: NpwpSchema,
    'auto-withdraw': AutoWithdrawSchema,
  } as const;
  try {
    if (action === 'resend-bank') return { ok: true, message: await resendBankVerification(member, form.id) };
    if (action === 'resend-npwp') return { ok: true, message: await resendNpwpVerification(member, form.id) };
    const schema = schemas[action as keyof typeof schemas];
    if (!schema) throw new AppError('BAD_INPUT', 'Aksi tidak dikenal');
    const parsed = schema.safeParse(form);
    if (!parsed.success) return { ok: false, action, errors: fieldErrors(parsed.error), values: form };
    const data = parsed.data as never;
    const message =
      action === 'profile'
        ? await updateProfile(member, form.id, data)
        : action === 'pewaris'
          ? await updateHeir(member, form.id, data)
          : action === 'rekening'
            ? await updateBank(member, form.id, data)
            : action === 'npwp'
              ? await updateNpwp(member, form.id, data)
              : await setAutoWithdraw(member, form.id, (parsed.data as { auto_widraw: boolean }).auto_widraw);
    return { ok: true, message };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, action, message: error.message, errors: error.fields ?? {}, values: form };
  }
}
