import { sql } from 'drizzle-orm';
import type { Rank } from '../../../lib/rank';
import { config } from '../../config';
import { createRandom, type Random } from '../../domain/random';
import { type BulkColumn, bulkInsert } from '../bulk-insert';
import type { Db } from '../client';
import { firstNames, lastNames } from './names';

export type Posisi = Rank;

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
 * The generated network as one typed array per field (1-based ids; index i is member i + 1), so
 * ten million members fit in memory: names are indexes into names.ts, the path is rebuilt from
 * the uplines when a row is written.
 */
export interface NetworkColumns {
  n: number;
  /** Sponsor and upline ids (0 for the root). */
  sponsor: Int32Array;
  upline: Int32Array;
  /** 0 root, 1 L, 2 R. */
  sisi: Uint8Array;
  depth: Int32Array;
  first: Uint8Array;
  last: Uint8Array;
  /** Index into the regencies, or -1 for no domicile. */
  regency: Int32Array;
  /** 0 BRONZE, 1 SILVER, 2 PLATINUM. */
  posisi: Uint8Array;
  /** 1 stokis, 2 code of ethics accepted, 4 verified bank, 8 verified NPWP. */
  flags: Uint8Array;
  kiri: Int32Array;
  kanan: Int32Array;
  /** Six per member: [bronze L, bronze R, silver L, silver R, platinum L, platinum R]. */
  ranks: Int32Array;
  joinStartMs: number;
  spanDays: number;
  regencies: [string, string][];
}

const POSISI: Posisi[] = ['BRONZE', 'SILVER', 'PLATINUM'];
const STOKIS = 1;
const KODEETIK = 2;
const BANK = 4;
const NPWP = 8;

/**
 * Builds the network in memory: each member gets a sponsor (mostly a recent member, sometimes
 * anyone), a side, and the first free slot found by a random walk down that leg of the sponsor.
 * The walk keeps the tree about as deep as a random binary tree (tens of levels at a million).
 */
export function generateNetworkColumns(count: number, seed: number, until: Date, regencies: [string, string][]): NetworkColumns {
  const random = createRandom(seed);
  const n = Math.max(count, named.length);
  const left = new Int32Array(n).fill(-1);
  const right = new Int32Array(n).fill(-1);
  const spanDays = Math.min(730, Math.max(365, Math.ceil(n / 50)));
  const c: NetworkColumns = {
    n,
    sponsor: new Int32Array(n),
    upline: new Int32Array(n),
    sisi: new Uint8Array(n),
    depth: new Int32Array(n),
    first: new Uint8Array(n),
    last: new Uint8Array(n),
    regency: new Int32Array(n),
    posisi: new Uint8Array(n),
    flags: new Uint8Array(n),
    kiri: new Int32Array(n),
    kanan: new Int32Array(n),
    ranks: new Int32Array(6 * n),
    joinStartMs: until.getTime() - spanDays * 86_400_000,
    spanDays,
    regencies,
  };
  const firstIndex = (): number => Math.floor(random.next() * firstNames.length);
  const lastIndex = (): number => Math.floor(random.next() * lastNames.length);

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
    if (upline >= 0) (sisi === 'L' ? left : right)[upline] = i;
    // The same draws in the same order as ever: first name, last name, regency, then rank,
    // stokis, bank and NPWP unless the named member fixes them.
    c.first[i] = firstIndex();
    c.last[i] = lastIndex();
    const regency = Math.floor(random.next() * regencies.length);
    c.regency[i] = spec?.noDomisili ? -1 : regency;
    c.posisi[i] = POSISI.indexOf(spec?.posisi ?? pickPosisi(random));
    const stokis = spec?.stokis ?? random.chance(0.01);
    const bank = spec?.bank ?? random.chance(0.6);
    const npwp = spec?.npwp ?? random.chance(0.4);
    c.flags[i] = (stokis ? STOKIS : 0) | ((spec?.statusKodeetik ?? true) ? KODEETIK : 0) | (bank ? BANK : 0) | (npwp ? NPWP : 0);
    c.sponsor[i] = sponsor + 1;
    c.upline[i] = upline + 1;
    c.sisi[i] = sisi === 'root' ? 0 : sisi === 'L' ? 1 : 2;
    c.depth[i] = upline < 0 ? 0 : c.depth[upline]! + 1;
  }
  // Left and right downline counts per rank, bottom up: a member's upline always comes before it,
  // so walking the ids downwards adds each finished subtree to the side it hangs on.
  const subtree = new Int32Array(3 * n);
  for (let i = n - 1; i >= 0; i--) {
    subtree[3 * i + c.posisi[i]!]!++;
    const up = c.upline[i]! - 1;
    if (up < 0) continue;
    const side = c.sisi[i] === 1 ? 0 : 1;
    for (let r = 0; r < 3; r++) {
      const k = subtree[3 * i + r]!;
      subtree[3 * up + r]! += k;
      c.ranks[6 * up + 2 * r + side]! += k;
      if (side === 0) c.kiri[up]! += k;
      else c.kanan[up]! += k;
    }
  }
  return c;
}

/** Member i's username, name, path and join day (index i, id i + 1). */
function memberTexts(c: NetworkColumns, i: number, pathDigits: Uint8Array) {
  const spec = named[i];
  const first = firstNames[c.first[i]!]!;
  const depth = c.depth[i]!;
  for (let at = i, d = depth; d > 0; d--, at = c.upline[at]! - 1) pathDigits[d - 1] = c.sisi[at] === 1 ? 48 : 49;
  return {
    username: spec?.username ?? `${first.toLowerCase()}${i + 1}`,
    nama: spec?.nama ?? `${first} ${lastNames[c.last[i]!]}`,
    path: Buffer.from(pathDigits.buffer, pathDigits.byteOffset, depth).toString('latin1'),
    tglJoin: new Date(c.joinStartMs + Math.floor((i / c.n) * c.spanDays * 86_400_000)).toISOString().slice(0, 10),
  };
}

/** The network as one object per member (the demo's order history reads it this way). */
export function networkMembers(c: NetworkColumns): GeneratedMember[] {
  const digits = new Uint8Array(4096);
  const members: GeneratedMember[] = [];
  for (let i = 0; i < c.n; i++) {
    const t = memberTexts(c, i, digits);
    const f = c.flags[i]!;
    members.push({
      id: i + 1,
      username: t.username,
      nama: t.nama,
      posisi: POSISI[c.posisi[i]!]!,
      stokis: (f & STOKIS) !== 0,
      sponsor: c.sponsor[i]!,
      upline: c.upline[i]!,
      sisi: c.sisi[i] === 0 ? 'root' : c.sisi[i] === 1 ? 'L' : 'R',
      path: t.path,
      tglJoin: t.tglJoin,
      kiri: c.kiri[i]!,
      kanan: c.kanan[i]!,
      ranks: Array.from(c.ranks.subarray(6 * i, 6 * i + 6)),
      statusKodeetik: (f & KODEETIK) !== 0,
      domisili: c.regency[i]! < 0 ? null : c.regencies[c.regency[i]!]!,
      bank: (f & BANK) !== 0,
      npwp: (f & NPWP) !== 0,
    });
  }
  return members;
}

/** generateNetworkColumns as one object per member. */
export function generateNetwork(count: number, seed: number, until: Date, regencies: [string, string][]): GeneratedMember[] {
  return networkMembers(generateNetworkColumns(count, seed, until, regencies));
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

/** Member i's row in the order of memberColumns. */
function memberRow(c: NetworkColumns, i: number, passwordHash: string, digits: Uint8Array): unknown[] {
  const id = i + 1;
  const t = memberTexts(c, i, digits);
  const f = c.flags[i]!;
  const bank = (f & BANK) !== 0;
  const npwp = (f & NPWP) !== 0;
  const regency = c.regency[i]! < 0 ? null : c.regencies[c.regency[i]!]!;
  return [
    id,
    idMemberOf(i),
    t.username,
    passwordHash,
    t.nama,
    `${t.username}@contoh.id`,
    `628${String(1_100_000_000 + id).slice(0, 10)}`,
    POSISI[c.posisi[i]!],
    (f & STOKIS) !== 0,
    c.sponsor[i] || null,
    c.upline[i] || null,
    c.sisi[i] === 0 ? 'root' : c.sisi[i] === 1 ? 'L' : 'R',
    t.path,
    c.depth[i],
    c.kiri[i],
    c.kanan[i],
    t.tglJoin,
    t.username.toUpperCase(),
    (f & KODEETIK) !== 0,
    regency?.[0] ?? null,
    regency?.[1] ?? null,
    bank ? '014' : null,
    bank ? t.nama : null,
    bank ? `8${String(id).padStart(11, '0')}` : null,
    bank ? 'VERIFIED' : 'UNVERIFIED',
    npwp ? `09${String(id).padStart(13, '0')}` : null,
    npwp ? t.nama : null,
    npwp ? 'VERIFIED' : 'UNVERIFIED',
    id % 2 ? 'LAKI-LAKI' : 'PEREMPUAN',
    `3578${String(id).padStart(12, '0')}`,
    agamaChoices[id % agamaChoices.length],
    kawinChoices[id % kawinChoices.length],
    `${1965 + (id % 35)}-${String(1 + (id % 12)).padStart(2, '0')}-${String(1 + (id % 28)).padStart(2, '0')}`,
    ...c.ranks.subarray(6 * i, 6 * i + 6),
  ];
}

/**
 * Writes the generated network; ids are fixed, so the id sequence is moved past them. On
 * PostgreSQL the rows stream through COPY (copyNetwork); on PGlite they go in batches of 5,000.
 */
export async function insertNetwork(db: Db, c: NetworkColumns, passwordHash: string, onProgress?: (done: number) => void): Promise<void> {
  const digits = new Uint8Array(4096);
  if (config.databaseUrl) {
    await copyNetwork(config.databaseUrl, c, (i) => memberRow(c, i, passwordHash, digits), onProgress);
  } else {
    const batch = 5000;
    for (let start = 0; start < c.n; start += batch) {
      const rows: unknown[][] = [];
      for (let i = start; i < Math.min(start + batch, c.n); i++) rows.push(memberRow(c, i, passwordHash, digits));
      await bulkInsert(db, 'members', memberColumns, rows, batch);
      onProgress?.(Math.min(start + batch, c.n));
    }
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('members', 'id'), (select max(id) from members))`);
}

/** One value in COPY's text format. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value).replace(/[\\\t\n\r]/g, (ch) => (ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r'));
}

/**
 * The network into an empty members table through one COPY: a big network loads without its
 * secondary indexes and foreign keys (each row would otherwise update twelve indexes and look up
 * two parents), which are then made again from their own definitions in one pass each. All in
 * one transaction: a failure leaves the table as it was, indexes and all.
 */
async function copyNetwork(url: string, c: NetworkColumns, rowOf: (i: number) => unknown[], onProgress?: (done: number) => void) {
  const { default: postgres } = await import('postgres');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const bare = c.n >= 50_000;
  try {
    await client.begin(async (tx) => {
      const indexes = bare
        ? await tx<{ name: string; def: string }[]>`
          select i.relname as name, pg_get_indexdef(i.oid) as def from pg_index x join pg_class i on i.oid = x.indexrelid
          where x.indrelid = 'members'::regclass and not x.indisprimary`
        : [];
      const foreignKeys = bare
        ? await tx<{ name: string; def: string }[]>`
          select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'members'::regclass and contype = 'f'`
        : [];
      for (const f of foreignKeys) await tx.unsafe(`alter table members drop constraint "${f.name}"`);
      for (const i of indexes) await tx.unsafe(`drop index "${i.name}"`);
      const names = memberColumns.map((col) => `"${col.name}"`).join(', ');
      const stream = await tx.unsafe(`copy members (${names}) from stdin`).writable();
      const finished = new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.once('finish', resolve);
      });
      const batch = 5000;
      for (let start = 0; start < c.n; start += batch) {
        const lines: string[] = [];
        for (let i = start; i < Math.min(start + batch, c.n); i++) lines.push(rowOf(i).map(copyText).join('\t'));
        if (!stream.write(`${lines.join('\n')}\n`)) await new Promise((resolve) => stream.once('drain', resolve));
        onProgress?.(Math.min(start + batch, c.n));
      }
      stream.end();
      await finished;
      // Each index is built by one sort of the whole table: in memory rather than in temporary files.
      if (bare) await tx.unsafe(`set local maintenance_work_mem = '512MB'`);
      for (const i of indexes) await tx.unsafe(i.def);
      for (const f of foreignKeys) await tx.unsafe(`alter table members add constraint "${f.name}" ${f.def}`);
    });
  } finally {
    await client.end();
  }
}
