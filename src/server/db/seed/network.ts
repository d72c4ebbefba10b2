import { sql } from 'drizzle-orm';
import { createRandom, type Random } from '../../domain/random';
import { type BulkColumn, bulkInsert } from '../bulk-insert';
import type { Db } from '../client';
import { firstNames, lastNames } from './names';

export type Posisi = 'BRONZE' | 'SILVER' | 'PLATINUM';

/** The demo logins of the README, all with the password `rahasia123`. */
export const DEMO_PASSWORD = 'rahasia123';

export interface GeneratedMember {
  id: number;
  username: string;
  nama: string;
  posisi: Posisi;
  stokis: boolean;
  sponsor: number; // 0 for the root
  upline: number;
  sisi: 'L' | 'R' | 'root';
  path: string;
  tglJoin: string;
  kiri: number;
  kanan: number;
  /** Downline per rank and side: [bronze L, bronze R, silver L, silver R, platinum L, platinum R]. */
  ranks: number[];
  statusKodeetik: boolean;
  domisili: [string, string] | null;
  bank: boolean;
  npwp: boolean;
}

interface NamedMember {
  username: string;
  nama: string;
  posisi: Posisi;
  stokis?: boolean;
  /** Index of the upline in the generated list, and the side under it. */
  under?: { upline: number; sisi: 'L' | 'R' };
  statusKodeetik?: boolean;
  noDomisili?: boolean;
  bank?: boolean;
  npwp?: boolean;
}

// The first members of every demo: the root, then the other README logins close to it.
const named: NamedMember[] = [
  { username: 'demoplatinum', nama: 'Demo Platinum', posisi: 'PLATINUM', bank: true, npwp: true },
  { username: 'demosilver', nama: 'Demo Silver', posisi: 'SILVER', under: { upline: 0, sisi: 'L' } },
  { username: 'demobronze', nama: 'Demo Bronze', posisi: 'BRONZE', under: { upline: 0, sisi: 'R' } },
  { username: 'demostokis', nama: 'Demo Stokis', posisi: 'SILVER', stokis: true, under: { upline: 1, sisi: 'L' }, bank: true },
  { username: 'demobaru', nama: 'Demo Baru', posisi: 'BRONZE', under: { upline: 2, sisi: 'R' }, statusKodeetik: false, noDomisili: true },
];

export const idMemberOf = (index: number): string => String(1_000_000_000 + index + 1);

function pickPosisi(random: Random): Posisi {
  const r = random.next();
  return r < 0.5 ? 'BRONZE' : r < 0.8 ? 'SILVER' : 'PLATINUM';
}

/**
 * Builds the network in memory: each member gets a sponsor (mostly a recent member, sometimes
 * anyone), a side, and the first free slot found by a random walk down that leg of the sponsor.
 * The walk keeps the tree about as deep as a random binary tree (tens of levels at a million).
 */
export function generateNetwork(count: number, seed: number, until: Date, regencies: [string, string][]): GeneratedMember[] {
  const random = createRandom(seed);
  const n = Math.max(count, named.length);
  const left = new Int32Array(n).fill(-1);
  const right = new Int32Array(n).fill(-1);
  const members: GeneratedMember[] = [];
  const spanDays = Math.min(730, Math.max(365, Math.ceil(n / 50)));
  const startMs = until.getTime() - spanDays * 86_400_000;

  const place = (index: number, upline: number, sisi: 'L' | 'R'): void => {
    (sisi === 'L' ? left : right)[upline] = index;
  };

  for (let i = 0; i < n; i++) {
    const spec = named[i];
    let upline = -1;
    let sisi: 'L' | 'R' | 'root' = 'root';
    let sponsor = -1;
    if (spec?.under) {
      upline = spec.under.upline;
      sisi = spec.under.sisi;
      sponsor = upline;
    } else if (i > 0) {
      sponsor = random.chance(0.2) ? random.int(Math.max(0, i - Math.ceil(i * 0.05) - 1), i - 1) : random.int(0, i - 1);
      sisi = random.chance(0.5) ? 'L' : 'R';
      upline = sponsor;
      let side: 'L' | 'R' = sisi;
      for (;;) {
        const child = (side === 'L' ? left : right)[upline]!;
        if (child < 0) break;
        upline = child;
        side = random.chance(0.5) ? 'L' : 'R';
      }
      sisi = side;
    }
    if (upline >= 0) place(i, upline, sisi as 'L' | 'R');
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    const regency = random.pick(regencies);
    const joinMs = startMs + Math.floor((i / n) * spanDays * 86_400_000);
    members.push({
      id: i + 1,
      username: spec?.username ?? `${first.toLowerCase()}${i + 1}`,
      nama: spec?.nama ?? `${first} ${last}`,
      posisi: spec?.posisi ?? pickPosisi(random),
      stokis: spec?.stokis ?? random.chance(0.01),
      sponsor: sponsor + 1,
      upline: upline + 1,
      sisi,
      path: upline < 0 ? '' : members[upline]!.path + (sisi === 'L' ? '0' : '1'),
      tglJoin: new Date(joinMs).toISOString().slice(0, 10),
      kiri: 0,
      kanan: 0,
      ranks: [0, 0, 0, 0, 0, 0],
      statusKodeetik: spec?.statusKodeetik ?? true,
      domisili: spec?.noDomisili ? null : regency,
      bank: spec?.bank ?? random.chance(0.6),
      npwp: spec?.npwp ?? random.chance(0.4),
    });
  }
  // Left and right downline counts: each member adds one to every ancestor, on the side it hangs.
  const rankSlot = { BRONZE: 0, SILVER: 2, PLATINUM: 4 } as const;
  for (const m of members) {
    let child = m;
    while (child.upline > 0) {
      const ancestor = members[child.upline - 1]!;
      if (child.sisi === 'L') ancestor.kiri++;
      else ancestor.kanan++;
      ancestor.ranks[rankSlot[m.posisi] + (child.sisi === 'L' ? 0 : 1)]!++;
      child = ancestor;
    }
  }
  return members;
}

const memberColumns: BulkColumn[] = [
  { name: 'id', type: 'int8' },
  { name: 'id_member', type: 'text' },
  { name: 'username', type: 'text' },
  { name: 'password_hash', type: 'text' },
  { name: 'nama', type: 'text' },
  { name: 'email', type: 'text' },
  { name: 'phone', type: 'text' },
  { name: 'posisi', type: 'text' },
  { name: 'stokis', type: 'bool' },
  { name: 'sponsor_id', type: 'int8' },
  { name: 'upline_id', type: 'int8' },
  { name: 'sisi', type: 'text' },
  { name: 'path', type: 'text' },
  { name: 'depth', type: 'int4' },
  { name: 'jumlah_child_kiri', type: 'int4' },
  { name: 'jumlah_child_kanan', type: 'int4' },
  { name: 'tgl_join', type: 'date' },
  { name: 'kode_referal', type: 'text' },
  { name: 'status_kodeetik', type: 'bool' },
  { name: 'propinsi_domisili', type: 'text' },
  { name: 'kota_domisili', type: 'text' },
  { name: 'kode_bank', type: 'text' },
  { name: 'nama_rekening', type: 'text' },
  { name: 'no_rekening', type: 'text' },
  { name: 'status_rekening', type: 'text' },
  { name: 'npwp', type: 'text' },
  { name: 'nama_pemegang_pajak', type: 'text' },
  { name: 'status_npwp', type: 'text' },
  { name: 'jenis_kelamin', type: 'text' },
  { name: 'nomor_identitas', type: 'text' },
  { name: 'agama', type: 'text' },
  { name: 'status_kawin', type: 'text' },
  { name: 'tgl_lahir', type: 'date' },
  { name: 'jumlah_bronze_kiri', type: 'int4' },
  { name: 'jumlah_bronze_kanan', type: 'int4' },
  { name: 'jumlah_silver_kiri', type: 'int4' },
  { name: 'jumlah_silver_kanan', type: 'int4' },
  { name: 'jumlah_platinum_kiri', type: 'int4' },
  { name: 'jumlah_platinum_kanan', type: 'int4' },
];

const agamaChoices = ['ISLAM', 'ISLAM', 'ISLAM', 'PROTESTAN', 'KATOLIK', 'HINDU', 'BUDHA'] as const;
const kawinChoices = ['KAWIN', 'KAWIN', 'BELUM KAWIN', 'BERCERAI'] as const;

/** Writes the generated network; ids are fixed, so the id sequence is moved past them. */
export async function insertNetwork(
  db: Db,
  members: GeneratedMember[],
  passwordHash: string,
  onProgress?: (done: number) => void,
): Promise<void> {
  const batch = 5000;
  for (let start = 0; start < members.length; start += batch) {
    const rows = members.slice(start, start + batch).map((m) => {
      const idMember = idMemberOf(m.id - 1);
      return [
        m.id,
        idMember,
        m.username,
        passwordHash,
        m.nama,
        `${m.username}@contoh.id`,
        `628${String(1_100_000_000 + m.id).slice(0, 10)}`,
        m.posisi,
        m.stokis,
        m.sponsor || null,
        m.upline || null,
        m.sisi,
        m.path,
        m.path.length,
        m.kiri,
        m.kanan,
        m.tglJoin,
        m.username.toUpperCase(),
        m.statusKodeetik,
        m.domisili?.[0] ?? null,
        m.domisili?.[1] ?? null,
        m.bank ? '014' : null,
        m.bank ? m.nama : null,
        m.bank ? `8${String(m.id).padStart(11, '0')}` : null,
        m.bank ? 'VERIFIED' : 'UNVERIFIED',
        m.npwp ? `09${String(m.id).padStart(13, '0')}` : null,
        m.npwp ? m.nama : null,
        m.npwp ? 'VERIFIED' : 'UNVERIFIED',
        m.id % 2 ? 'LAKI-LAKI' : 'PEREMPUAN',
        `3578${String(m.id).padStart(12, '0')}`,
        agamaChoices[m.id % agamaChoices.length],
        kawinChoices[m.id % kawinChoices.length],
        `${1965 + (m.id % 35)}-${String(1 + (m.id % 12)).padStart(2, '0')}-${String(1 + (m.id % 28)).padStart(2, '0')}`,
        ...m.ranks,
      ];
    });
    await bulkInsert(db, 'members', memberColumns, rows, batch);
    onProgress?.(Math.min(start + batch, members.length));
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('members', 'id'), (select max(id) from members))`);
}
