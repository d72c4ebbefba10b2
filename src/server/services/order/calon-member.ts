import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { RANKS } from '../../../lib/rank';
import { parseWith } from '../../http';

// TEMPORARY until the member step's shared schema (src/lib/schemas/order-member.ts) lands.
const CalonMemberSchema = z.object({
  nomor_identitas: z.string().regex(/^\d{16}$/, 'Nomor harus diisi 16 digit'),
  nama: z.string().trim().min(1, 'Masukkan nama lengkap').max(60, 'Nama lengkap tidak boleh melebihi 60 karakter')
    .regex(/^[A-Za-z ]+$/, 'Nama lengkap hanya boleh terdiri dari huruf dan spasi'),
  email: z.string().trim().min(1, 'Masukkan email').email('Format email tidak valid'),
  phone: z.string().transform((v) => v.replace(/\s/g, '')).pipe(z.string().regex(/^\d{10,14}$/, 'Nomor tidak valid, contoh: 62 8xx xxx xxx')),
  username: z.string().trim().min(1, 'Masukkan username').regex(/^[A-Za-z0-9]+$/, 'Masukkan username').max(30),
  posisi: z.enum(RANKS, { error: 'Pilih Tipe member ' }),
  sisi: z.enum(['L', 'R'], { error: 'Pilih Sisi ' }),
  id_propinsi_domisili: z.string({ error: 'Pilih propinsi domisili' }).min(1, 'Pilih propinsi domisili'),
  id_kota_domisili: z.string({ error: 'Pilih kabupaten / kota domisili' }).min(1, 'Pilih kabupaten / kota domisili'),
  alamat: z.string().trim().max(300).optional(),
  id_propinsi: z.string().optional(),
  id_kota: z.string().optional(),
  id_kecamatan: z.string().optional(),
  kelurahan_id: z.string().optional(),
  kode_pos: z.string().regex(/^\d{5}$/).optional().or(z.literal('')),
  jenis_kelamin: z.enum(['LAKI-LAKI', 'PEREMPUAN']).optional(),
  negara: z.string().default('Indonesia'),
  tgl_lahir: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  status_kawin: z.string().optional(),
  agama: z.string().optional(),
});
export type CalonMember = z.infer<typeof CalonMemberSchema>;

export const USERNAME_TAKEN = 'Username sudah digunakan, pilih username lain';

/**
 * The prospective member of a registration, checked like the member step checks it, plus what
 * only the server knows: the username is free and the regions exist and nest.
 */
export const parseCalonMember = (payload: unknown): CalonMember => parseWith(CalonMemberSchema, payload ?? {});

export async function checkCalonMember(tx: Tx, calon: CalonMember): Promise<CalonMember> {
  const [taken] = await selectRows<{ n: number }>(tx, sql`
    select (select count(*) from members where lower(username) = lower(${calon.username}))
      + (select count(*) from orders where status_order = 'PENDING' and jenis_order = 'reg'
         and lower(calon_member->>'username') = lower(${calon.username}))::int as n`);
  if (taken!.n > 0) throw new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });
  const nests = (child: string | undefined, parent: string | undefined) => !child || !parent || child.startsWith(`${parent}.`);
  if (!nests(calon.id_kota_domisili, calon.id_propinsi_domisili) || !nests(calon.id_kota, calon.id_propinsi)
    || !nests(calon.id_kecamatan, calon.id_kota) || !nests(calon.kelurahan_id, calon.id_kecamatan)) {
    throw new AppError('BAD_INPUT', 'Wilayah yang dipilih tidak sesuai');
  }
  const [known] = await selectRows<{ ok: boolean }>(tx, sql`select
    exists (select 1 from regencies where code = ${calon.id_kota_domisili}) and
    (${calon.id_kecamatan ?? null}::text is null or exists (select 1 from districts where code = ${calon.id_kecamatan ?? null})) as ok`);
  if (!known!.ok) throw new AppError('BAD_INPUT', 'Wilayah yang dipilih tidak dikenal');
  return calon;
}
