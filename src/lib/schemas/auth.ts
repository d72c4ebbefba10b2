import { z } from 'zod';

/** Messages of spec/000 §5, word for word. */
export const authMessages = {
  usernameRequired: 'ID Member atau Username harus diisi',
  passwordRequired: 'Password harus diisi',
  usernameOrIdRequired: 'ID Member / Username harus diisi',
  oldPasswordRequired: 'Masukkan pasword lama',
  newPasswordRequired: 'Masukkan pasword baru',
  passwordMin: 'Password setidaknya 8 karakter',
  repeatRequired: 'Ulangi pasword baru',
  passwordMismatch: 'Password tidak sama',
} as const;

const checkbox = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean());

export const SignInSchema = z.object({
  username: z.string({ error: authMessages.usernameRequired }).trim().min(1, authMessages.usernameRequired),
  password: z.string({ error: authMessages.passwordRequired }).min(1, authMessages.passwordRequired),
  remember: checkbox.optional().default(false),
  from: z.string().optional(),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const ForgotPasswordSchema = z.object({
  username_or_id: z.string({ error: authMessages.usernameOrIdRequired }).trim().min(1, authMessages.usernameOrIdRequired),
});

const newPassword = z
  .string({ error: authMessages.newPasswordRequired })
  .min(1, authMessages.newPasswordRequired)
  .min(8, authMessages.passwordMin);

export const ResetPasswordSchema = z
  .object({
    password: newPassword,
    rpassword: z.string({ error: authMessages.repeatRequired }).min(1, authMessages.repeatRequired),
    token: z.string().min(1, 'Token tidak valid'),
  })
  .refine((v) => v.password === v.rpassword, { message: authMessages.passwordMismatch, path: ['rpassword'] });

export const ChangePasswordSchema = z
  .object({
    password_lama: z.string({ error: authMessages.oldPasswordRequired }).min(1, authMessages.oldPasswordRequired),
    password_baru: newPassword,
    rpassword_baru: z.string({ error: authMessages.repeatRequired }).min(1, authMessages.repeatRequired),
  })
  .refine((v) => v.password_baru === v.rpassword_baru, { message: authMessages.passwordMismatch, path: ['rpassword_baru'] });
