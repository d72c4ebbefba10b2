import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';
import { toCount } from '../money';
import { kycRejections, members } from '../schema';

export type KycJenis = (typeof kycRejections.$inferInsert)['jenis'];

/** One number waiting for an operator's verification, with what the member entered. */
export interface KycItem {
  id_member: string;
  nama: string;
  jenis: KycJenis;
  nomor: string;
  /** The account holder's name (bank), the tax holder's name (NPWP), the member's name (NIK). */
  atas_nama: string | null;
  kode_bank: string | null;
  cabang: string | null;
}

const notRejected = (jenis: KycJenis, nomor: SQL) =>
  sql`not exists (select 1 from kyc_rejections r where r.member_id = m.id and r.jenis = ${jenis} and r.nomor = ${nomor})`;

/**
 * The KYC queue: bank accounts and NPWPs not yet verified, and NIKs of members without a verified
 * NPWP whose NIK no operator has verified as a tax number; a number refused once leaves the
 * queue until the member enters another.
 */
const QUEUE = sql`
  select m.id_member, m.nama, 'REKENING' as jenis, m.no_rekening as nomor, m.nama_rekening as atas_nama, m.kode_bank, m.cabang
    from members m
   where m.no_rekening is not null and m.status_rekening <> 'VERIFIED' and ${notRejected('REKENING', sql.raw('m.no_rekening'))}
  union all
  select m.id_member, m.nama, 'NPWP', m.npwp, m.nama_pemegang_pajak, null, null
    from members m
   where m.npwp is not null and m.status_npwp <> 'VERIFIED' and ${notRejected('NPWP', sql.raw('m.npwp'))}
  union all
  select m.id_member, m.nama, 'NIK', m.nomor_identitas, m.nama, null, null
    from members m
   where m.nomor_identitas is not null and m.status_npwp <> 'VERIFIED' and ${notRejected('NIK', sql.raw('m.nomor_identitas'))}
     and not exists (select 1 from npwp_statuses s where s.member_id = m.id and s.jenis = 'NIK' and s.nomor = m.nomor_identitas)`;

/** One member's items only, when the operator looks for an ID Member. */
const ofMember = (idMember: string | undefined): SQL => (idMember ? sql`where q.id_member = ${idMember}` : sql``);

export async function kycQueuePage(db: Db | Tx, limit: number, offset: number, idMember?: string): Promise<KycItem[]> {
  return selectRows<KycItem>(
    db,
    sql`select * from (${QUEUE}) q ${ofMember(idMember)} order by q.id_member, q.jenis limit ${limit} offset ${offset}`,
  );
}

export async function kycQueueCount(db: Db | Tx, idMember?: string): Promise<number> {
  const [row] = await selectRows<{ n: string | number }>(db, sql`select count(*) as n from (${QUEUE}) q ${ofMember(idMember)}`);
  return toCount(row?.n ?? 0);
}

/** The member's numbers as the KYC queue reads them, locked. */
export async function lockMemberKyc(tx: Tx, idMember: string) {
  const [row] = await tx
    .select({
      id: members.id,
      email: members.email,
      nama: members.nama,
      noRekening: members.noRekening,
      statusRekening: members.statusRekening,
      npwp: members.npwp,
      statusNpwp: members.statusNpwp,
      nik: members.nomorIdentitas,
    })
    .from(members)
    .where(eq(members.idMember, idMember))
    .for('update');
  return row;
}

export async function isKycRejected(db: Db | Tx, memberId: number, jenis: KycJenis, nomor: string): Promise<boolean> {
  const [row] = await db
    .select({ id: kycRejections.id })
    .from(kycRejections)
    .where(and(eq(kycRejections.memberId, memberId), eq(kycRejections.jenis, jenis), eq(kycRejections.nomor, nomor)))
    .limit(1);
  return Boolean(row);
}

export async function insertKycRejection(tx: Tx, row: typeof kycRejections.$inferInsert): Promise<void> {
  await tx.insert(kycRejections).values(row);
}
