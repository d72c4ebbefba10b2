import { and, desc, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, selectPreparedOnce, selectRows, type Tx } from '../client';
import { members, npwpChanges } from '../schema';

/** The columns of a member the account pages may change. */
export type MemberChanges = Partial<Omit<typeof members.$inferInsert, 'id' | 'publicId' | 'idMember' | 'path' | 'depth'>>;

export async function updateMember(db: Db | Tx, memberId: number, changes: MemberChanges): Promise<void> {
  await db.update(members).set(changes).where(eq(members.id, memberId));
}

export interface ProfileRow {
  id_member: string;
  username: string;
  nama: string;
  email: string;
  phone: string;
  posisi: string;
  nomor_identitas: string | null;
  tgl_lahir: string | null;
  jenis_kelamin: string | null;
  agama: string | null;
  status_kawin: string | null;
  alamat: string | null;
  propinsi: string | null;
  kota: string | null;
  kecamatan: string | null;
  negara: string;
  kode_pos: string | null;
  propinsi_domisili: string | null;
  kota_domisili: string | null;
  kode_bank: string | null;
  nama_rekening: string | null;
  no_rekening: string | null;
  cabang: string | null;
  status_rekening: string;
  npwp: string | null;
  nama_pemegang_pajak: string | null;
  status_npwp: string;
  no_nik_passpor_penerima: string | null;
  nama_lengkap_pewaris: string | null;
  no_mobile_pewaris: string | null;
  hubungan_pewaris: string | null;
  auto_widraw: boolean;
  public_id: string;
  sponsor_id_member: string | null;
  sponsor_nama: string | null;
  otp_bank: boolean;
  /** A verified NPWP change has reached its 1st-of-month and is not applied yet. */
  npwp_due: boolean;
  /** isBonusAvl: a bonus of the current month exists. */
  bonus_this_month: boolean;
  /** The disbursement provider's validation of the current bank account (null: not validated yet). */
  bank_valid: boolean | null;
  bank_nama: string | null;
  bank_pesan: string | null;
}

/** An NPWP change verified and come into effect: its 1st-of-month (Asia/Jakarta) has come. */
const NPWP_DUE = sql`status = 'VERIFIED' and effective_at <= (now() at time zone 'Asia/Jakarta')::date`;
const npwpDue = (memberId: SQL | AnyPgColumn | number) =>
  sql`exists (select 1 from npwp_changes where member_id = ${memberId} and ${NPWP_DUE})`;

/** A bonus of the current month (Asia/Jakarta) exists for the member. */
const bonusThisMonth = (memberId: SQL | AnyPgColumn | number) =>
  sql`exists (select 1 from bonuses
      where member_id = ${memberId} and tanggal >= date_trunc('month', (now() at time zone 'Asia/Jakarta'))::date)`;

/** The member profile of spec/000 §3 with the sponsor and whether a bank link is waiting. */
export async function profileRow(db: Db | Tx, memberId: number): Promise<ProfileRow | undefined> {
  // The page's facts in one prepared statement (issue #24: ten queries a profile view before).
  const [row] = await selectPreparedOnce<ProfileRow>(
    db,
    'profile_row',
    () => sql`
    select m.id_member, m.username, m.nama, m.email, m.phone, m.posisi, m.nomor_identitas, m.tgl_lahir::text as tgl_lahir,
      m.jenis_kelamin, m.agama, m.status_kawin, m.alamat, m.propinsi, m.kota, m.kecamatan, m.negara, m.kode_pos,
      m.propinsi_domisili, m.kota_domisili, m.kode_bank, m.nama_rekening, m.no_rekening, m.cabang, m.status_rekening,
      m.npwp, m.nama_pemegang_pajak, m.status_npwp, m.no_nik_passpor_penerima, m.nama_lengkap_pewaris,
      m.no_mobile_pewaris, m.hubungan_pewaris, m.auto_widraw, m.public_id::text as public_id,
      s.id_member as sponsor_id_member, s.nama as sponsor_nama,
      exists (select 1 from one_time_tokens t where t.member_id = m.id and t.purpose = 'verify-bank'
        and t.used_at is null and t.expires_at > now()) as otp_bank,
      ${npwpDue(sql`m.id`)} as npwp_due, ${bonusThisMonth(sql`m.id`)} as bonus_this_month,
      v.valid as bank_valid, v.nama_bank as bank_nama, v.pesan as bank_pesan
    from members m left join members s on s.id = m.sponsor_id
      left join bank_account_validations v on v.kode_bank = m.kode_bank and v.no_rekening = m.no_rekening
    where m.id = ${sql.placeholder('memberId')}`,
    { memberId },
  );
  return row;
}

/** The member's NPWP changes still in play: verified and waiting, or unverified and unexpired; newest first. */
export async function pendingNpwpChanges(db: Db | Tx, memberId: number) {
  return selectPreparedOnce<{
    npwp: string;
    nama_pemegang_pajak: string;
    status: string;
    created_at: string;
    expire_at: string;
    effective_at: string | null;
  }>(
    db,
    'npwp_pending',
    () => sql`
    select npwp, nama_pemegang_pajak, status, created_at::text as created_at, expire_at::text as expire_at, effective_at::text as effective_at
    from npwp_changes where member_id = ${sql.placeholder('memberId')}
      and (status = 'VERIFIED' or (status = 'UNVERIFIED' and expire_at > now()))
    order by id desc`,
    { memberId },
  );
}

/** Verified NPWP changes whose 1st-of-month has come (Asia/Jakarta) take effect: the newest is applied. */
export async function applyDueNpwpChanges(tx: Tx, memberId: number): Promise<void> {
  const due = await selectRows<{ npwp: string; nama_pemegang_pajak: string }>(
    tx,
    sql`
    select npwp, nama_pemegang_pajak from npwp_changes
    where member_id = ${memberId} and ${NPWP_DUE}
    order by effective_at desc, id desc limit 1 for update`,
  );
  if (!due[0]) return;
  await tx.execute(sql`update members set npwp = ${due[0].npwp}, nama_pemegang_pajak = ${due[0].nama_pemegang_pajak},
    status_npwp = 'VERIFIED' where id = ${memberId}`);
  await tx.execute(sql`update npwp_changes set status = 'APPLIED' where member_id = ${memberId} and ${NPWP_DUE}`);
}

/** Whether a bonus of the current month (Asia/Jakarta) exists for the member. */
export async function hasBonusThisMonth(db: Db | Tx, memberId: number): Promise<boolean> {
  const [row] = await selectRows<{ found: boolean }>(db, sql`select ${bonusThisMonth(memberId)} as found`);
  return row?.found === true;
}

/**
 * Whether the member has a saved shipping address (the bell's third fact). A column must render
 * qualified (a query with a join): a lone table's column renders bare and would bind to `a` inside.
 */
export const hasShippingAddress = (memberId: AnyPgColumn | number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from shipping_addresses a where a.member_id = ${memberId})`;

/** What the bell of the top bar looks at: bank account number, NPWP and whether an address exists. */
export async function alertFacts(db: Db | Tx, memberId: number) {
  const [row] = await db
    .select({ noRekening: members.noRekening, npwp: members.npwp, hasAddress: hasShippingAddress(memberId) })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

export async function memberBankAccount(db: Db | Tx, memberId: number) {
  const [row] = await db
    .select({ noRekening: members.noRekening, status: members.statusRekening })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** Whether another member already has this username (case-insensitive). */
export async function usernameTaken(db: Db | Tx, username: string, exceptMemberId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(sql`lower(${members.username})`, username.toLowerCase()), ne(members.id, exceptMemberId)))
    .limit(1);
  return Boolean(taken);
}

/** Whether each given region code exists (an absent one counts as known). */
export async function regionsExist(
  db: Db | Tx,
  codes: { province?: string | null; regency?: string | null; district?: string | null },
): Promise<boolean> {
  const [row] = await selectRows<{ ok: boolean }>(
    db,
    sql`select
    (${codes.province ?? null}::text is null or exists (select 1 from provinces where code = ${codes.province ?? null})) and
    (${codes.regency ?? null}::text is null or exists (select 1 from regencies where code = ${codes.regency ?? null})) and
    (${codes.district ?? null}::text is null or exists (select 1 from districts where code = ${codes.district ?? null})) as ok`,
  );
  return row!.ok;
}

// ---- NPWP changes ----

export async function cancelWaitingNpwpChanges(tx: Db | Tx, memberId: number): Promise<void> {
  await tx
    .update(npwpChanges)
    .set({ status: 'CANCELLED' })
    .where(and(eq(npwpChanges.memberId, memberId), eq(npwpChanges.status, 'UNVERIFIED')));
}

export async function insertNpwpChange(
  tx: Db | Tx,
  c: { memberId: number; npwp: string; namaPemegangPajak: string; expireAt: Date },
): Promise<number> {
  const [row] = await tx.insert(npwpChanges).values(c).returning({ id: npwpChanges.id });
  return row!.id;
}

/** An unverified, unexpired NPWP change of the member: the given one, or else the newest. */
export async function waitingNpwpChange(db: Db | Tx, memberId: number, changeId?: number) {
  const [change] = await db
    .select()
    .from(npwpChanges)
    .where(
      and(
        ...(changeId === undefined ? [] : [eq(npwpChanges.id, changeId)]),
        eq(npwpChanges.memberId, memberId),
        eq(npwpChanges.status, 'UNVERIFIED'),
        gt(npwpChanges.expireAt, sql`now()`),
      ),
    )
    .orderBy(desc(npwpChanges.id))
    .limit(1);
  return change;
}

export async function setNpwpChangeExpiry(db: Db | Tx, changeId: number, expireAt: Date): Promise<void> {
  await db.update(npwpChanges).set({ expireAt }).where(eq(npwpChanges.id, changeId));
}

/** A verified change that takes effect on the 1st of next month (Asia/Jakarta). */
export async function scheduleNpwpChange(tx: Db | Tx, changeId: number): Promise<void> {
  await tx
    .update(npwpChanges)
    .set({
      status: 'VERIFIED',
      effectiveAt: sql`(date_trunc('month', now() at time zone 'Asia/Jakarta') + interval '1 month')::date`,
    })
    .where(eq(npwpChanges.id, changeId));
}

/** Puts a change's NPWP on the member now, verified, and marks the change applied. */
export async function applyNpwpChange(
  tx: Db | Tx,
  memberId: number,
  change: { id: number; npwp: string; namaPemegangPajak: string },
): Promise<void> {
  await tx
    .update(members)
    .set({ npwp: change.npwp, namaPemegangPajak: change.namaPemegangPajak, statusNpwp: 'VERIFIED' })
    .where(eq(members.id, memberId));
  await tx.update(npwpChanges).set({ status: 'APPLIED' }).where(eq(npwpChanges.id, change.id));
}
