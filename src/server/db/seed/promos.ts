import { sql } from 'drizzle-orm';
import type { Rank } from '../../../lib/rank';
import { claimPromoIn } from '../../services/promo/claim-promo';
import { recordAllPromoOmsets } from '../../services/promo/record-promo-omsets';
import { type Db, inTransaction, selectRows } from '../client';

const DAY = 86_400_000;

interface DemoPromo {
  nama: string;
  reward: string;
  deskripsi: string;
  jenis: 'REWARD' | 'TRIP';
  /** Days from today (Asia/Jakarta). */
  awal: number;
  akhir: number;
  batas: number;
  syaratPoin?: number;
  syaratNominal?: number;
  kelipatan: boolean;
  minPosisi: Rank;
  status?: number;
  banner?: string;
  /** Claims made through the claim service: [username, times]. */
  claims?: [string, number][];
}

/**
 * Ongoing and completed promos, reward and trip, one GOLD, with and without multiples and rank
 * rules, so every text of the promo screens shows for some demo login:
 * - demoplatinum: 'Voucher Belanja Sponsor' claimable (Rp 500.000 of sponsored omset), GOLD not reached.
 * - demosilver: claims made, GOLD claimed once (no multiples), Trip Bali claimable, not qualified
 *   for the PLATINUM-only promo.
 * - demobronze: not qualified for the SILVER promos, Trip Bali not reached.
 */
const demoPromos: DemoPromo[] = [
  {
    nama: 'Voucher Belanja Sponsor',
    reward: 'Voucher belanja Rp 50.000',
    jenis: 'REWARD',
    awal: -320,
    akhir: 60,
    batas: 90,
    deskripsi: 'Voucher belanja untuk setiap Rp 500.000 omset registrasi, upgrade dan repeat order member sponsoran Anda.',
    syaratNominal: 500_000,
    kelipatan: true,
    minPosisi: 'BRONZE',
    banner: '/promos/voucher.svg',
    claims: [['demosilver', 3]],
  },
  {
    nama: 'Reward Smartphone',
    reward: '1 unit smartphone',
    jenis: 'REWARD',
    awal: -150,
    akhir: 45,
    batas: 75,
    deskripsi: 'Smartphone untuk setiap 100 BV dari member yang Anda sponsori. Khusus member SILVER ke atas.',
    syaratPoin: 25,
    kelipatan: true,
    minPosisi: 'SILVER',
    banner: '/promos/smartphone.svg',
    claims: [['demosilver', 2]],
  },
  {
    nama: 'Reward Logam Mulia GOLD 1 Gram',
    reward: 'Logam mulia 1 gram',
    jenis: 'REWARD',
    awal: -150,
    akhir: 45,
    batas: 75,
    deskripsi: 'Logam mulia 1 gram untuk 200 BV dari member sponsoran Anda, satu kali per member.',
    syaratPoin: 50,
    kelipatan: false,
    minPosisi: 'SILVER',
    banner: '/promos/gold.svg',
    claims: [['demosilver', 1]],
  },
  {
    nama: 'Trip Bali 3H2M',
    reward: 'Perjalanan Bali 3 hari 2 malam',
    jenis: 'TRIP',
    awal: -150,
    akhir: 45,
    batas: 75,
    deskripsi: 'Liburan ke Bali untuk 40 BV dari member sponsoran Anda.',
    syaratPoin: 10,
    kelipatan: false,
    minPosisi: 'BRONZE',
    banner: '/promos/trip.svg',
  },
  {
    nama: 'Jam Tangan Eksklusif',
    reward: 'Jam tangan eksklusif',
    jenis: 'REWARD',
    awal: -120,
    akhir: 30,
    batas: 60,
    deskripsi: 'Jam tangan eksklusif untuk 20 BV dari member sponsoran Anda. Khusus member PLATINUM.',
    syaratPoin: 5,
    kelipatan: false,
    minPosisi: 'PLATINUM',
    banner: '/promos/jam.svg',
  },
  {
    nama: 'Reward Motor Matic',
    reward: '1 unit motor matic',
    jenis: 'REWARD',
    awal: -330,
    akhir: -160,
    batas: 20,
    deskripsi: 'Motor matic untuk setiap 160 BV dari member sponsoran Anda. Klaim masih dibuka sampai batas klaim.',
    syaratPoin: 40,
    kelipatan: true,
    minPosisi: 'SILVER',
    claims: [['demosilver', 1]],
  },
  {
    nama: 'Trip Singapura',
    reward: 'Perjalanan Singapura 4 hari 3 malam',
    jenis: 'TRIP',
    awal: -360,
    akhir: -200,
    batas: -170,
    deskripsi: 'Liburan ke Singapura untuk 80 BV dari member sponsoran Anda. Masa klaim sudah berakhir.',
    syaratPoin: 20,
    kelipatan: false,
    minPosisi: 'BRONZE',
  },
  {
    nama: 'Draf Promo Tahun Depan',
    reward: 'Belum diumumkan',
    jenis: 'REWARD',
    awal: -10,
    akhir: 100,
    batas: 130,
    deskripsi: 'Belum terbit.',
    syaratPoin: 10,
    kelipatan: false,
    minPosisi: 'BRONZE',
    status: 0,
  },
];

/** Promos, the omsets of the demo's real orders (the same rule as a paid order), and claims made by the claim service. */
export async function seedPromos(db: Db, until: Date): Promise<void> {
  const day = (offset: number) => new Date(until.getTime() + 7 * 3_600_000 + offset * DAY).toISOString().slice(0, 10);
  for (const p of demoPromos) {
    await db.execute(sql`
      insert into promos (nama, deskripsi, reward, jenis, periode_awal, periode_akhir, batas_klaim, syarat_poin, syarat_nominal, kelipatan, min_posisi, status, url_banner)
      values (${p.nama}, ${p.deskripsi}, ${p.reward}, ${p.jenis}, ${day(p.awal)}, ${day(p.akhir)}, ${day(p.batas)}, ${p.syaratPoin ?? null},
        ${p.syaratNominal ?? null}, ${p.kelipatan}, ${p.minPosisi}, ${p.status ?? 1}, ${p.banner ?? null})`);
  }
  await recordAllPromoOmsets(db);
  for (const p of demoPromos) {
    for (const [username, times] of p.claims ?? []) {
      const [row] = await selectRows<{ member_id: number; public_id: string }>(
        db,
        sql`
        select m.id::int as member_id, p.public_id::text as public_id from members m, promos p where m.username = ${username} and p.nama = ${p.nama}`,
      );
      if (!row) continue;
      for (let i = 0; i < times; i++) {
        // A smaller demo may not reach the threshold: the claim service refuses, and the demo goes on.
        const done = await inTransaction((tx) => claimPromoIn(tx, row.member_id, row.public_id)).catch(() => undefined);
        if (!done) break;
      }
    }
  }
}
