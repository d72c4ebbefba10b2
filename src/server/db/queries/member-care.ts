import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';
import { toRupiah } from '../money';
import { bonuses, members, npwpStatuses, orders, payouts } from '../schema';

/** The profile CS sees on a member's file, by ID Member. */
export async function memberFileProfile(db: Db | Tx, idMember: string) {
  const [profile] = await db
    .select({
      id: members.id,
      idMember: members.idMember,
      username: members.username,
      nama: members.nama,
      email: members.email,
      phone: members.phone,
      posisi: members.posisi,
      stokis: members.stokis,
      tglJoin: members.tglJoin,
      isSuspended: members.isSuspended,
      statusKodeetik: members.statusKodeetik,
      nomorIdentitas: members.nomorIdentitas,
      tglLahir: members.tglLahir,
      jenisKelamin: members.jenisKelamin,
      agama: members.agama,
      statusKawin: members.statusKawin,
      alamat: members.alamat,
      kota: members.kota,
      propinsi: members.propinsi,
      kecamatan: members.kecamatan,
      negara: members.negara,
      kodePos: members.kodePos,
      propinsiDomisili: members.propinsiDomisili,
      kotaDomisili: members.kotaDomisili,
      noNikPassporPenerima: members.noNikPassporPenerima,
      namaLengkapPewaris: members.namaLengkapPewaris,
      noMobilePewaris: members.noMobilePewaris,
      hubunganPewaris: members.hubunganPewaris,
      kodeBank: members.kodeBank,
      namaRekening: members.namaRekening,
      noRekening: members.noRekening,
      cabang: members.cabang,
      statusRekening: members.statusRekening,
      npwp: members.npwp,
      namaPemegangPajak: members.namaPemegangPajak,
      statusNpwp: members.statusNpwp,
      autoWidraw: members.autoWidraw,
    })
    .from(members)
    .where(eq(members.idMember, idMember))
    .limit(1);
  return profile;
}

/** The member's sponsor (ID Member and name), if any. */
export async function sponsorOf(db: Db | Tx, memberId: number): Promise<{ id_member: string; nama: string } | undefined> {
  const [sponsor] = await selectRows<{ id_member: string; nama: string }>(
    db,
    sql`
    select s.id_member, s.nama from members m join members s on s.id = m.sponsor_id where m.id = ${memberId}`,
  );
  return sponsor;
}

/** The member's latest orders, bonuses and payouts (each at most `limit`), the tax-status history, and the bonuses not yet paid out. */
export async function memberFileRecords(db: Db | Tx, memberId: number, limit: number) {
  const [recentOrders, recentBonuses, recentPayouts, taxHistory, [saldo]] = await Promise.all([
    db
      .select({
        noOrder: orders.noOrder,
        jenisOrder: orders.jenisOrder,
        statusOrder: orders.statusOrder,
        tglOrder: orders.tglOrder,
        totalBv: orders.totalBv,
        totalBayar: orders.totalBayar,
      })
      .from(orders)
      .where(eq(orders.memberId, memberId))
      .orderBy(desc(orders.tglOrder), desc(orders.id))
      .limit(limit),
    db
      .select({
        tanggal: bonuses.tanggal,
        jenisBonus: bonuses.jenisBonus,
        bonusBruto: bonuses.bonusBruto,
        potPph: bonuses.potPph,
        bonusDibayar: bonuses.bonusDibayar,
        statusTransfer: bonuses.statusTransfer,
      })
      .from(bonuses)
      .where(eq(bonuses.memberId, memberId))
      .orderBy(desc(bonuses.tanggal), desc(bonuses.id))
      .limit(limit),
    db
      .select({ no: payouts.no, status: payouts.status, nominal: payouts.nominal, createdAt: payouts.createdAt })
      .from(payouts)
      .where(eq(payouts.memberId, memberId))
      .orderBy(desc(payouts.createdAt))
      .limit(limit),
    db
      .select()
      .from(npwpStatuses)
      .where(eq(npwpStatuses.memberId, memberId))
      .orderBy(desc(npwpStatuses.berlakuSejak), desc(npwpStatuses.id)),
    selectRows<{ belum_ditarik: unknown }>(
      db,
      sql`
      select coalesce(sum(bonus_dibayar), 0) as belum_ditarik from bonuses where member_id = ${memberId} and payout_id is null and status_transfer = 'PENDING'`,
    ),
  ]);
  return { recentOrders, recentBonuses, recentPayouts, taxHistory, bonusBelumDitarik: toRupiah(saldo?.belum_ditarik) };
}

export interface MemberHit {
  id_member: string;
  username: string;
  nama: string;
  phone: string;
  email: string;
  posisi: string;
  tgl_join: string;
  is_suspended: boolean;
}

/** What the search looks for: an e-mail, digits (ID Member or phone numbers), or a username or name prefix. */
export type MemberSearch =
  | { email: string }
  | { digits: string; phones: string[] }
  | { username: string; namePrefix: string; nameContains?: string };

/**
 * Members matching one form of search, by name. Each form uses its own index (members_id_member_uq,
 * members_username_uq, members_phone_idx, members_email_lower_idx, members_nama_prefix_idx), so a
 * network of a million members answers from the index, not a scan. `namePrefix` is an escaped
 * like pattern. `nameContains` (a part of a name anywhere, "Silver" finds "Demo Silver") has no
 * index yet: a scan that stops at `limit` matches (a trigram index is planned with pg_trgm).
 */
export async function searchMemberRows(db: Db | Tx, search: MemberSearch, limit: number): Promise<MemberHit[]> {
  const parts: SQL[] = [];
  if ('email' in search) parts.push(sql`select id from members where lower(email) = ${search.email}`);
  else if ('digits' in search) {
    parts.push(sql`select id from members where id_member = ${search.digits}`);
    parts.push(
      sql`select id from members where phone in (${sql.join(
        search.phones.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
  } else {
    parts.push(sql`select id from members where lower(username) = ${search.username}`);
    parts.push(
      sql`(select id from members where (lower(nama) collate "C") like ${search.namePrefix} order by (lower(nama) collate "C"), id limit ${limit})`,
    );
    if (search.nameContains) parts.push(sql`(select id from members where lower(nama) like ${search.nameContains} limit ${limit})`);
  }
  return selectRows<MemberHit>(
    db,
    sql`
    select m.id_member, m.username, m.nama, m.phone, m.email, m.posisi, m.tgl_join::text as tgl_join, m.is_suspended
    from members m where m.id in (${sql.join(parts, sql` union `)})
    order by (lower(m.nama) collate "C"), m.id limit ${limit}`,
  );
}

/** Who a reset link goes to. */
export async function memberContact(db: Db | Tx, idMember: string) {
  const [member] = await db
    .select({ id: members.id, email: members.email, nama: members.nama, username: members.username })
    .from(members)
    .where(eq(members.idMember, idMember))
    .limit(1);
  return member;
}

/** The member's suspension, locked. */
export async function lockMemberSuspension(tx: Db | Tx, idMember: string) {
  const [row] = await tx
    .select({ id: members.id, isSuspended: members.isSuspended })
    .from(members)
    .where(eq(members.idMember, idMember))
    .for('update');
  return row;
}

export async function setMemberSuspended(tx: Db | Tx, id: number, isSuspended: boolean): Promise<void> {
  await tx.update(members).set({ isSuspended }).where(eq(members.id, id));
}

/** The member's bank account on file and its status, locked. */
export async function lockMemberBank(tx: Db | Tx, idMember: string) {
  const [row] = await tx
    .select({
      id: members.id,
      status: members.statusRekening,
      kodeBank: members.kodeBank,
      noRekening: members.noRekening,
      namaRekening: members.namaRekening,
    })
    .from(members)
    .where(eq(members.idMember, idMember))
    .for('update');
  return row;
}

export async function setBankVerified(tx: Db | Tx, id: number): Promise<void> {
  await tx.update(members).set({ statusRekening: 'VERIFIED' }).where(eq(members.id, id));
}
