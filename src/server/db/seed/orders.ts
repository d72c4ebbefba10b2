import { sql } from 'drizzle-orm';
import { bulkInsert, type BulkColumn } from '../bulk-insert';
import type { Db } from '../client';
import { createRandom } from '../../domain/random';
import type { CatalogueProduct } from './catalogue';
import type { GeneratedMember, Posisi } from './network';

const BV: Record<Posisi, number> = { BRONZE: 1, SILVER: 2, PLATINUM: 4 };
const DAY = 86_400_000;

interface OrderRow {
  id: number;
  memberId: number;
  jenis: 'reg' | 'upg' | 'ro';
  status: string;
  at: number;
  posisi: Posisi | null;
  sisi: 'L' | 'R' | null;
  newMemberId: number | null;
  lines: { product: CatalogueProduct; qty: number }[];
  pickup: boolean;
}

/** The starting rank of a member whose rank today is `final` (some of them upgraded later). */
function initialRank(final: Posisi, r: number): Posisi {
  if (final === 'PLATINUM') return r < 0.6 ? 'PLATINUM' : r < 0.85 ? 'SILVER' : 'BRONZE';
  if (final === 'SILVER') return r < 0.7 ? 'SILVER' : 'BRONZE';
  return 'BRONZE';
}

/** Package lines worth exactly `bv` BV, largest packages first. */
function packagesFor(bv: number, catalogue: CatalogueProduct[]): { product: CatalogueProduct; qty: number }[] {
  const packages = catalogue.filter((p) => p.kategori === 'PAKET').sort((a, b) => b.value - a.value);
  const lines: { product: CatalogueProduct; qty: number }[] = [];
  let left = bv;
  for (const p of packages) {
    const qty = Math.floor(left / p.value);
    if (qty > 0) {
      lines.push({ product: p, qty });
      left -= qty * p.value;
    }
  }
  return lines;
}

/**
 * The business's order history behind the generated network, in the tables the order flow
 * writes: each member's registration (bought by the sponsor, paid on the join date), upgrades
 * up to today's rank, and repeat orders; recent repeat orders are still on their way.
 */
export async function seedOrders(db: Db, network: GeneratedMember[], catalogue: CatalogueProduct[], seed: number, until: Date, onProgress?: (done: number) => void): Promise<void> {
  const random = createRandom(seed + 7919);
  const products = catalogue.filter((p) => p.kategori === 'PRODUK');
  const untilMs = until.getTime();
  const rows: OrderRow[] = [];
  let nextId = 1;
  const flushEvery = 20_000;
  let written = 0;

  const flush = async () => {
    if (rows.length === 0) return;
    await writeOrders(db, rows.splice(0, rows.length));
    written = nextId - 1;
    onProgress?.(written);
  };

  for (const m of network) {
    const joinMs = Date.parse(`${m.tglJoin}T03:00:00Z`) + Math.floor(random.next() * 8 * 3_600_000);
    const start = m.upline > 0 ? initialRank(m.posisi, random.next()) : m.posisi;
    if (m.sponsor > 0) {
      const sponsor = network[m.sponsor - 1]!;
      const side = m.path[sponsor.path.length] === '0' ? 'L' : 'R';
      rows.push({ id: nextId++, memberId: m.sponsor, jenis: 'reg', status: 'DONE', at: joinMs, posisi: start, sisi: side, newMemberId: m.id, lines: packagesFor(BV[start], catalogue), pickup: random.chance(0.5) });
    }
    if (start !== m.posisi) {
      const at = joinMs + Math.floor(random.next() * Math.max(DAY, untilMs - joinMs));
      rows.push({ id: nextId++, memberId: m.id, jenis: 'upg', status: 'DONE', at: Math.min(at, untilMs - DAY), posisi: m.posisi, sisi: null, newMemberId: null, lines: packagesFor(BV[m.posisi] - BV[start], catalogue), pickup: random.chance(0.5) });
    }
    const repeatOrders = random.chance(0.45) ? random.int(1, 3) : 0;
    for (let k = 0; k < repeatOrders; k++) {
      const at = joinMs + Math.floor(random.next() * Math.max(DAY, untilMs - joinMs));
      if (at >= untilMs) continue;
      const recent = untilMs - at < 14 * DAY;
      const status = recent ? random.pick(['PAID', 'PICKUPABLE', 'DELIVERY', 'RECEIVED', 'DONE', 'PENDING', 'EXPIRED']) : 'DONE';
      const product = random.pick(products);
      rows.push({ id: nextId++, memberId: m.id, jenis: 'ro', status, at, posisi: null, sisi: null, newMemberId: null, lines: [{ product, qty: random.int(1, 3) }], pickup: random.chance(0.4) });
    }
    // Stockists restock every month: several repeat orders of mixed products.
    if (m.stokis) {
      for (let at = joinMs + 5 * DAY; at < untilMs; at += random.int(4, 9) * DAY) {
        const lines = products.filter(() => random.chance(0.6)).map((product) => ({ product, qty: random.int(5, 20) }));
        if (lines.length === 0) continue;
        const status = untilMs - at < 5 * DAY ? random.pick(['PAID', 'DELIVERY', 'RECEIVED']) : 'DONE';
        rows.push({ id: nextId++, memberId: m.id, jenis: 'ro', status, at, posisi: null, sisi: null, newMemberId: null, lines, pickup: random.chance(0.3) });
      }
    }
    if (rows.length >= flushEvery) await flush();
  }
  await flush();
  await db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), greatest(1, (select coalesce(max(id), 0) from orders)))`);
}

const orderColumns: BulkColumn[] = [
  { name: 'id', type: 'int8' }, { name: 'no_order', type: 'text' }, { name: 'no_invoice', type: 'text' },
  { name: 'member_id', type: 'int8' }, { name: 'jenis_order', type: 'text' }, { name: 'status_order', type: 'text' },
  { name: 'tgl_order', type: 'timestamptz' }, { name: 'tgl_invoice', type: 'timestamptz' }, { name: 'paid_at', type: 'timestamptz' },
  { name: 'posisi', type: 'text' }, { name: 'sisi', type: 'text' }, { name: 'new_member_id', type: 'int8' },
  { name: 'total_bv', type: 'int4' }, { name: 'total_harga', type: 'int8' }, { name: 'total_berat', type: 'int4' },
  { name: 'pickup_store', type: 'bool' }, { name: 'gudang_id', type: 'int8' }, { name: 'ekspedisi', type: 'text' },
  { name: 'biaya_kirim', type: 'int8' }, { name: 'total_bayar', type: 'int8' }, { name: 'payment_method', type: 'text' },
  { name: 'is_ppn', type: 'bool' }, { name: 'total_dpp', type: 'int8' }, { name: 'total_ppn', type: 'int8' },
  { name: 'created_at', type: 'timestamptz' },
];

const unpaid = new Set(['PENDING', 'EXPIRED', 'CANCEL']);

async function writeOrders(db: Db, rows: OrderRow[]): Promise<void> {
  const orderRows: unknown[][] = [];
  const detailRows: unknown[][] = [];
  const historyRows: unknown[][] = [];
  for (const o of rows) {
    const at = new Date(o.at);
    const paid = !unpaid.has(o.status);
    const totalHarga = o.lines.reduce((s, l) => s + l.product.harga * l.qty, 0);
    const totalDpp = o.lines.reduce((s, l) => s + l.product.dpp * l.qty, 0);
    const berat = o.lines.reduce((s, l) => s + l.product.berat * l.qty, 0);
    const ongkir = o.pickup ? 0 : 18_000 + 2_000 * Math.ceil(berat / 1000);
    const stamp = at.toISOString().slice(0, 10).replaceAll('-', '');
    orderRows.push([
      o.id, `ORD-${stamp}-${String(o.id).padStart(7, '0')}`, paid ? `INV-${stamp}-${String(o.id).padStart(7, '0')}` : null,
      o.memberId, o.jenis, o.status, at.toISOString(), paid ? at.toISOString() : null, paid ? at.toISOString() : null,
      o.posisi, o.sisi, o.newMemberId, o.lines.reduce((s, l) => s + l.product.value * l.qty, 0), totalHarga, berat,
      o.pickup, 1 + (o.id % 3), o.pickup ? null : 'jne|REG', ongkir, totalHarga + ongkir, o.id % 2 ? 'bca_va' : 'qris',
      true, totalDpp, totalHarga - totalDpp, at.toISOString(),
    ]);
    for (const l of o.lines) detailRows.push([o.id, l.product.id, l.product.harga, l.qty, l.product.value, l.product.berat, l.product.dpp]);
    historyRows.push([o.id, at.toISOString(), 'PENDING', 0, null]);
    if (paid) historyRows.push([o.id, new Date(o.at + 600_000).toISOString(), 'PAID', null, null]);
    else if (o.status !== 'PENDING') historyRows.push([o.id, new Date(o.at + DAY).toISOString(), o.status, null, null]);
    if (o.status === 'DONE') historyRows.push([o.id, new Date(o.at + 4 * DAY).toISOString(), 'DONE', 0, null]);
  }
  await bulkInsert(db, 'orders', orderColumns, orderRows);
  await bulkInsert(db, 'order_details', [
    { name: 'order_id', type: 'int8' }, { name: 'product_id', type: 'int8' }, { name: 'harga', type: 'int8' }, { name: 'qty', type: 'int4' },
    { name: 'value', type: 'int4' }, { name: 'berat', type: 'int4' }, { name: 'dpp', type: 'int8' },
  ], detailRows);
  await bulkInsert(db, 'order_histories', [
    { name: 'order_id', type: 'int8' }, { name: 'tanggal', type: 'timestamptz' }, { name: 'status', type: 'text' },
    { name: 'id_admin', type: 'int4' }, { name: 'admin_nama', type: 'text' },
  ], historyRows);
}
