import { z } from 'zod';

/** POST /admin/api/token: an operator signs in for the CLI. */
export const OperatorTokenSchema = z.object({
  username: z.string({ error: 'Username operator harus diisi' }).trim().min(1, 'Username operator harus diisi').max(100),
  password: z.string({ error: 'Password operator harus diisi' }).min(1, 'Password operator harus diisi').max(200),
  /** The authenticator code or a recovery code, for an operator with two-factor sign-in on. */
  kode: z.string().max(40).optional(),
});

/** POST /admin/api/ops: one CLI command line, as the CLI's arguments. */
export const OperatorCommandSchema = z.object({
  args: z.array(z.string().max(500), { error: 'Perintah harus diisi' }).min(1, 'Perintah harus diisi').max(40),
});
