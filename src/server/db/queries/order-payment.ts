import { sql } from 'drizzle-orm';
import type { Rank } from '../../../lib/rank';
import type { MemberStep } from '../../../lib/schemas/order-member-rules';
import { selectRows, type Tx } from '../client';
import { toCount } from '../money';

/**
 * What a settled payment writes on members (services/order/mark-order-paid.ts): the registered
 * member's profile from the order's form, the upgraded buyer's rank.
 */

/** Copies the prospective member's form onto the member the payment created. */
export async function fillMemberFromCalon(tx: Tx, memberId: number, c: MemberStep): Promise<void> {
  await tx.execute(sql`
    update members set nomor_identitas = ${c.nomor_identitas}, alamat = ${c.alamat || null}, propinsi = ${c.id_propinsi || null},
      kota = ${c.id_kota || null}, kecamatan = ${c.id_kecamatan || null}, kode_pos = ${c.kode_pos || null},
      negara = ${c.negara || 'Indonesia'}, tgl_lahir = ${c.tgl_lahir || null}::date, jenis_kelamin = ${c.jenis_kelamin || null},
      status_kawin = ${c.status_kawin || null}, agama = ${c.agama || null}, propinsi_domisili = ${c.id_propinsi_domisili},
      kota_domisili = ${c.id_kota_domisili}, status_kodeetik = true
    where id = ${memberId}`);
}

/** The buyer's rank and tree path, the row locked for the rank change. */
export async function lockMemberRank(tx: Tx, memberId: number) {
  const [row] = await selectRows<{ posisi: Rank; path: string }>(
    tx,
    sql`select posisi, path from members where id = ${memberId} for update`,
  );
  return row;
}

export async function setMemberRank(tx: Tx, memberId: number, posisi: Rank): Promise<void> {
  await tx.execute(sql`update members set posisi = ${posisi} where id = ${memberId}`);
}

/** Whether a username is taken, case-insensitively. */
export async function isUsernameTaken(tx: Tx, username: string): Promise<boolean> {
  const [row] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from members where lower(username) = lower(${username})`);
  return toCount(row?.n) > 0;
}
