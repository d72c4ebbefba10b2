import { z } from 'zod';
import { OPERATOR_ROLES } from '../../server/db/schema/operators';

/** Operators' accounts: the console's forms (/admin/operators, /admin/akun) and `operator:create` share these. */
export const OPERATOR_PASSWORD_MIN = 12;

export const operatorAccountMessages = {
  username: 'Username operator 3–40 huruf kecil, angka, titik, garis bawah atau tanda minus',
  nama: 'Nama wajib diisi',
  role: 'Peran tidak dikenal',
  passwordMin: `Password operator minimal ${OPERATOR_PASSWORD_MIN} karakter`,
  passwordMax: 'Password operator maksimal 200 karakter',
  passwordLama: 'Masukkan password lama',
  kode: 'Masukkan kode 6 angka dari aplikasi autentikator',
} as const;

export const OperatorUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_.-]{3,40}$/, operatorAccountMessages.username);
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES, { message: operatorAccountMessages.role });
/** At least 12 characters (the strength and own-data checks are the password policy's, server side). */
export const OperatorPasswordSchema = z
  .string({ error: operatorAccountMessages.passwordMin })
  .min(OPERATOR_PASSWORD_MIN, operatorAccountMessages.passwordMin)
  .max(200, operatorAccountMessages.passwordMax);

export const CreateOperatorSchema = z.object({
  username: OperatorUsernameSchema,
  nama: z.string({ error: operatorAccountMessages.nama }).trim().min(1, operatorAccountMessages.nama).max(100),
  role: OperatorRoleSchema,
  password: OperatorPasswordSchema,
});
export type CreateOperator = z.input<typeof CreateOperatorSchema>;

export const ChangeOperatorPasswordSchema = z.object({
  password_lama: z.string({ error: operatorAccountMessages.passwordLama }).min(1, operatorAccountMessages.passwordLama).max(200),
  password_baru: OperatorPasswordSchema,
});

export const TotpCodeSchema = z
  .string({ error: operatorAccountMessages.kode })
  .trim()
  .regex(/^\d{6}$/, operatorAccountMessages.kode);
