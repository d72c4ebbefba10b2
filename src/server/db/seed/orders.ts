import { sql } from 'drizzle-orm';
import { paymentFee } from '../../../lib/order/fees';
import { createRandom } from '../../domain/random';
import { type BulkColumn, bulkInsert } from '../bulk-insert';
import type { Db } from '../client';
import { selectRows } from '../client';
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
  /** The buyer's rank when the order was paid (the demo replays ranks as they were). */
  posisiPembeli: Posisi | null;
  sisi: 'L' | 'R' | null;
  newMemberId: number | null;
  lines: { product: CatalogueProduct; qty: number }[];
  pickup: boolean;
  /** Showcase orders name their method; generated ones get one from their id. */
  method?: string;
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
export async function seedOrders(
  db: Db,
  network: GeneratedMember[],
  catalogue: CatalogueProduct[],
  seed: number,
  until: Date,
  onProgress?: (done: number) => void,
): Promise<void> {
  const random = createRandom(seed + 7919);
  const context = await loadContext(db, network, until);
  const products = catalogue.filter((p) => p.kategori === 'PRODUK');
  const untilMs = until.getTime();
  const rows: OrderRow[] = [];
  let nextId = 1;
  const flushEvery = 20_000;
  let written = 0;
  const leaderRank = new Map<number, (ms: number) => Posisi>();

  const flush = async () => {
    if (rows.length === 0) return;
    await writeOrders(db, rows.splice(0, rows.length), context);
    written = nextId - 1;
    onProgress?.(written);
  };

  for (const m of network) {
    const joinMs = Date.parse(`${m.tglJoin}T03:00:00Z`) + Math.floor(random.next() * 8 * 3_600_000);
    const start = m.upline > 0 ? initialRank(m.posisi, random.next()) : m.posisi;
    if (m.sponsor > 0) {
      const sponsor = network[m.sponsor - 1]!;
      const side = m.path[sponsor.path.length] === '0' ? 'L' : 'R';
      rows.push({
        id: nextId++,
        memberId: m.sponsor,
        jenis: 'reg',
        status: 'DONE',
        at: joinMs,
        posisi: start,
        posisiPembeli: start,
        sisi: side,
        newMemberId: m.id,
        lines: packagesFor(BV[start], catalogue),
        pickup: random.chance(0.5),
      });
    }
    let upgradedAt = Number.NEGATIVE_INFINITY;
    if (start !== m.posisi) {
      const at = joinMs + Math.floor(random.next() * Math.max(DAY, untilMs - joinMs));
      upgradedAt = Math.min(at, untilMs - DAY);
      rows.push({
        id: nextId++,
        memberId: m.id,
        jenis: 'upg',
        status: 'DONE',
        at: upgradedAt,
        posisi: m.posisi,
        posisiPembeli: start,
        sisi: null,
        newMemberId: null,
        lines: packagesFor(BV[m.posisi] - BV[start], catalogue),
        pickup: random.chance(0.5),
      });
    }
    const rankAt = (ms: number): Posisi => (ms >= upgradedAt ? m.posisi : start);
    if (m.id <= LEADERS) leaderRank.set(m.id, rankAt);
    const repeatOrders = random.chance(0.45) ? random.int(1, 3) : 0;
    for (let k = 0; k < repeatOrders; k++) {
      const at = joinMs + Math.floor(random.next() * Math.max(DAY, untilMs - joinMs));
      if (at >= untilMs) continue;
      const recent = untilMs - at < 14 * DAY;
      const status = recent ? random.pick(['PAID', 'PICKUPABLE', 'DELIVERY', 'RECEIVED', 'DONE', 'PENDING', 'EXPIRED']) : 'DONE';
      const product = random.pick(products);
      rows.push({
        id: nextId++,
        memberId: m.id,
        jenis: 'ro',
        status,
        at,
        posisi: null,
        posisiPembeli: rankAt(at),
        sisi: null,
        newMemberId: null,
        lines: [{ product, qty: random.int(1, 3) }],
        pickup: random.chance(0.4),
      });
    }
    // Stockists restock every month: several repeat orders of mixed products.
    if (m.stokis) {
      for (let at = joinMs + 5 * DAY; at < untilMs; at += random.int(4, 9) * DAY) {
        const lines = products.filter(() => random.chance(0.6)).map((product) => ({ product, qty: random.int(5, 20) }));
        if (lines.length === 0) continue;
        const status = untilMs - at < 5 * DAY ? random.pick(['PAID', 'DELIVERY', 'RECEIVED']) : 'DONE';
        rows.push({
          id: nextId++,
          memberId: m.id,
          jenis: 'ro',
          status,
          at,
          posisi: null,
          posisiPembeli: rankAt(at),
          sisi: null,
          newMemberId: null,
          lines,
          pickup: random.chance(0.3),
        });
      }
    }
    if (rows.length >= flushEvery) await flush();
  }
  for (const row of showcaseOrders(network, catalogue, untilMs, () => nextId++)) rows.push(row);
  for (const row of leaderOrders(network, leaderRank, catalogue, seed, untilMs, () => nextId++)) rows.push(row);
  await flush();
  await db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), greatest(1, (select coalesce(max(id), 0) from orders)))`);
}

const HOUR = 3_600_000;

/**
 * The README's leader login, demoplatinum (the root), buys like a real leader: its pairing stays
 * active. Being the root it has no sponsor, so these orders change nobody's promo omsets.
 */
const LEADERS = 1;

/**
 * A repeat order of 1–2 BV every 18–27 days for the leader logins, from shortly after joining to
 * yesterday, so their pairing card shows an active date as a real leader's would. Drawn from a
 * random stream of their own and appended last, so every other generated order stays the same.
 */
function leaderOrders(
  network: GeneratedMember[],
  rankAt: Map<number, (ms: number) => Posisi>,
  catalogue: CatalogueProduct[],
  seed: number,
  untilMs: number,
  nextId: () => number,
): OrderRow[] {
  const random = createRandom(seed + 104_729);
  const products = catalogue.filter((p) => p.kategori === 'PRODUK' && p.value > 0);
  const rows: OrderRow[] = [];
  for (const m of network.slice(0, LEADERS)) {
    for (let at = Date.parse(`${m.tglJoin}T02:00:00Z`) + random.int(3, 12) * DAY; at < untilMs - DAY; at += random.int(18, 27) * DAY) {
      const product = random.pick(products);
      rows.push({
        id: nextId(),
        memberId: m.id,
        jenis: 'ro',
        status: 'DONE',
        at,
        posisi: null,
        posisiPembeli: rankAt.get(m.id)?.(at) ?? m.posisi,
        sisi: null,
        newMemberId: null,
        lines: [{ product, qty: random.int(1, 2) }],
        pickup: random.chance(0.5),
      });
    }
  }
  return rows;
}
/** Shipments older than this keep only their status rows: couriers purge old tracking data too. */
const TRACKING_KEPT_MS = 60 * DAY;
const ADMIN = 'Admin Gudang';

/** Demo members whose recent orders show every state of the order screens (README; tests/e2e/order-*.spec.ts). */
export const SHOWCASE_MEMBERS = { full: 270, markDone: 271, pay: 272 } as const;

interface SeedContext {
  untilMs: number;
  network: GeneratedMember[];
  /** Per regency code: one village (code, postal code) and the city's name. */
  villages: Map<string, { code: string; postal: string | null; kota: string }>;
  /** Per warehouse id: its city's name (the first manifest event). */
  gudangKota: Map<number, string>;
}

async function loadContext(db: Db, network: GeneratedMember[], until: Date): Promise<SeedContext> {
  const villages = await selectRows<{ regency: string; code: string; postal_code: string | null; kota: string }>(
    db,
    sql`
    select distinct on (d.regency_code) d.regency_code as regency, v.code, v.postal_code, r.name as kota
    from villages v join districts d on d.code = v.district_code join regencies r on r.code = d.regency_code
    order by d.regency_code, v.code`,
  );
  const gudang = await selectRows<{ id: number; kota: string }>(
    db,
    sql`
    select g.id::int as id, r.name as kota from warehouses g join villages v on v.code = g.kelurahan_id
      join districts d on d.code = v.district_code join regencies r on r.code = d.regency_code`,
  );
  return {
    untilMs: until.getTime(),
    network,
    villages: new Map(villages.map((v) => [v.regency, { code: v.code, postal: v.postal_code, kota: v.kota }])),
    gudangKota: new Map(gudang.map((g) => [g.id, g.kota])),
  };
}

/**
 * A fixed set of recent repeat orders for the showcase members, one per state the screens
 * distinguish. Their only product carries no BV, so they change no bonus.
 */
function showcaseOrders(network: GeneratedMember[], catalogue: CatalogueProduct[], untilMs: number, nextId: () => number): OrderRow[] {
  const product = catalogue.find((p) => p.kategori === 'PRODUK' && p.value === 0) ?? catalogue.find((p) => p.kategori === 'PRODUK')!;
  const plan: [number, string, number, boolean, string][] = [
    // member, status, hours before "today", pickup, method
    [SHOWCASE_MEMBERS.full, 'PENDING', 1, false, 'bca_va'],
    [SHOWCASE_MEMBERS.full, 'PENDING', 3, false, 'transferbca'],
    [SHOWCASE_MEMBERS.full, 'PAID', 40, false, 'qris'],
    [SHOWCASE_MEMBERS.full, 'WAREHOUSE', 70, false, 'echannel'],
    [SHOWCASE_MEMBERS.full, 'PICKUPABLE', 95, true, 'indomaret'],
    [SHOWCASE_MEMBERS.full, 'DELIVERY', 120, false, 'gopay'],
    [SHOWCASE_MEMBERS.full, 'RECEIVED', 170, false, 'bni_va'],
    [SHOWCASE_MEMBERS.full, 'DONE', 220, false, 'credit_card'],
    [SHOWCASE_MEMBERS.full, 'EXPIRED', 290, false, 'shopeepay'],
    [SHOWCASE_MEMBERS.full, 'CANCEL', 360, false, 'alfamart'],
    [SHOWCASE_MEMBERS.full, 'DONE', 480, true, 'cash'],
    [SHOWCASE_MEMBERS.markDone, 'RECEIVED', 150, false, 'permata_va'],
    [SHOWCASE_MEMBERS.markDone, 'DELIVERY', 75, false, 'bri_va'],
    [SHOWCASE_MEMBERS.pay, 'PENDING', 0.5, false, 'bca_va'],
    [SHOWCASE_MEMBERS.pay, 'PENDING', 2, false, 'echannel'],
  ];
  return plan
    .filter(([member]) => member <= network.length)
    .map(([member, status, hours, pickup, method], i) => ({
      id: nextId(),
      memberId: member,
      jenis: 'ro',
      status,
      at: untilMs - hours * HOUR,
      posisi: null,
      posisiPembeli: network[member - 1]!.posisi,
      sisi: null,
      newMemberId: null,
      lines: [{ product, qty: 1 + (i % 3) }],
      pickup,
      method,
    }));
}

const METHODS = [
  'bca_va',
  'bni_va',
  'bri_va',
  'permata_va',
  'echannel',
  'qris',
  'gopay',
  'shopeepay',
  'indomaret',
  'alfamart',
  'credit_card',
  'transferbca',
];
const COURIERS = ['jne|REG', 'jnt|EZ', 'sicepat|REG', 'pos|Pos Reguler', 'anteraja|REG'];
const STREETS = [
  'Jl. Merdeka',
  'Jl. Sudirman',
  'Jl. Diponegoro',
  'Jl. Gajah Mada',
  'Jl. Ahmad Yani',
  'Jl. Pahlawan',
  'Jl. Melati',
  'Jl. Kenanga',
];
/** Demo fees per method (fixed, percent, VAT on the fee): the shape of spec/001 §9. */
const FEES: Record<string, { fix_charge: number; float_charge: number; ppn: number }> = {
  bca_va: { fix_charge: 4000, float_charge: 0, ppn: 11 },
  bni_va: { fix_charge: 4000, float_charge: 0, ppn: 11 },
  bri_va: { fix_charge: 4000, float_charge: 0, ppn: 11 },
  permata_va: { fix_charge: 4000, float_charge: 0, ppn: 11 },
  echannel: { fix_charge: 4000, float_charge: 0, ppn: 11 },
  qris: { fix_charge: 0, float_charge: 0.7, ppn: 11 },
  gopay: { fix_charge: 0, float_charge: 2, ppn: 11 },
  shopeepay: { fix_charge: 0, float_charge: 2, ppn: 11 },
  indomaret: { fix_charge: 5000, float_charge: 0, ppn: 11 },
  alfamart: { fix_charge: 5000, float_charge: 0, ppn: 11 },
  credit_card: { fix_charge: 2000, float_charge: 2.9, ppn: 11 },
};

/** Midtrans' time format (Asia/Jakarta, no zone): "2026-11-23 10:00:00". */
const jakarta = (ms: number): string => new Date(ms + 7 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

/** What the payment provider would have reported for this order (spec/001 §3 pembayaran). */
function pembayaranOf(method: string, id: number, at: number): Record<string, string> | null {
  const expired_time = jakarta(at + 24 * HOUR);
  const serial = String(id).padStart(9, '0');
  switch (method) {
    case 'bca_va':
    case 'bni_va':
    case 'bri_va':
    case 'permata_va': {
      const bank = method.slice(0, -3);
      const prefix = { bca: '12345', bni: '9881234', bri: '26215', permata: '8778' }[bank]!;
      return { payment_type: 'bank_transfer', va_bank: bank, va_number: `${prefix}${serial}`, expired_time };
    }
    case 'echannel':
      return { payment_type: 'echannel', biller_code: '70012', bill_key: `7${serial}`, expired_time };
    case 'qris':
      return { payment_type: 'qris', acquirer: 'gopay', expired_time };
    case 'gopay':
      return { payment_type: 'gopay', acquirer: 'gopay', expired_time };
    case 'shopeepay':
      return { payment_type: 'shopeepay', acquirer: 'airpay shopee', expired_time };
    case 'indomaret':
    case 'alfamart':
      return { payment_type: 'cstore', store: method, payment_code: `PM${serial}`, expired_time };
    case 'credit_card':
      return { payment_type: 'credit_card', expired_time };
    default:
      return null;
  }
}

const orderColumns: BulkColumn[] = [
  { name: 'id', type: 'int8' },
  { name: 'no_order', type: 'text' },
  { name: 'no_invoice', type: 'text' },
  { name: 'member_id', type: 'int8' },
  { name: 'jenis_order', type: 'text' },
  { name: 'status_order', type: 'text' },
  { name: 'tgl_order', type: 'timestamptz' },
  { name: 'tgl_invoice', type: 'timestamptz' },
  { name: 'paid_at', type: 'timestamptz' },
  { name: 'posisi', type: 'text' },
  { name: 'sisi', type: 'text' },
  { name: 'new_member_id', type: 'int8' },
  { name: 'total_bv', type: 'int4' },
  { name: 'total_harga', type: 'int8' },
  { name: 'total_berat', type: 'int4' },
  { name: 'pickup_store', type: 'bool' },
  { name: 'gudang_id', type: 'int8' },
  { name: 'ekspedisi', type: 'text' },
  { name: 'biaya_kirim', type: 'int8' },
  { name: 'total_bayar', type: 'int8' },
  { name: 'payment_method', type: 'text' },
  { name: 'is_ppn', type: 'bool' },
  { name: 'total_dpp', type: 'int8' },
  { name: 'total_ppn', type: 'int8' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'expires_at', type: 'timestamptz' },
  { name: 'biaya_pembayaran', type: 'int8' },
  { name: 'pembayaran', type: 'jsonb' },
  { name: 'nama_kirim', type: 'text' },
  { name: 'phone_kirim', type: 'text' },
  { name: 'alamat_kirim', type: 'text' },
  { name: 'kode_pos_kirim', type: 'text' },
  { name: 'kelurahan_kirim_id', type: 'text' },
  { name: 'no_resi', type: 'text' },
  { name: 'received_at', type: 'timestamptz' },
  { name: 'received_by', type: 'text' },
  { name: 'posisi_pembeli', type: 'text' },
];

const unpaid = new Set(['PENDING', 'EXPIRED', 'CANCEL']);
const shipped = new Set(['DELIVERY', 'RECEIVED', 'DONE']);
const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The status a generated order ends in: pickup orders wait as PICKUPABLE where delivery orders
 * travel, and an unpaid order older than a day has expired (the payment window is 24 hours).
 */
function settledStatus(o: OrderRow, untilMs: number): string {
  if (o.method) return o.status;
  if (o.pickup && o.status === 'DELIVERY') return 'PICKUPABLE';
  if (!o.pickup && o.status === 'PICKUPABLE') return 'DELIVERY';
  if (o.status === 'PENDING' && untilMs - o.at > DAY) return 'EXPIRED';
  return o.status;
}

async function writeOrders(db: Db, rows: OrderRow[], ctx: SeedContext): Promise<void> {
  const orderRows: unknown[][] = [];
  const detailRows: unknown[][] = [];
  const historyRows: unknown[][] = [];
  for (const o of rows) {
    const status = settledStatus(o, ctx.untilMs);
    const at = new Date(o.at);
    const paid = !unpaid.has(status);
    const totalHarga = o.lines.reduce((s, l) => s + l.product.harga * l.qty, 0);
    const totalDpp = o.lines.reduce((s, l) => s + l.product.dpp * l.qty, 0);
    const berat = o.lines.reduce((s, l) => s + l.product.berat * l.qty, 0);
    const ongkir = o.pickup ? 0 : 18_000 + 2_000 * Math.ceil(berat / 1000);
    const stamp = at.toISOString().slice(0, 10).replaceAll('-', '');
    const hash = Math.imul(o.id, 2654435761) >>> 0;
    const method = o.method ?? (o.pickup && hash % 7 === 0 ? 'cash' : METHODS[hash % METHODS.length]!);
    const fee = FEES[method] ? paymentFee({ name: method, ...FEES[method]! }, totalHarga + ongkir) : 0;
    const buyer = ctx.network[o.memberId - 1]!;
    const place = ctx.villages.get(buyer.domisili?.[1] ?? '35.78') ?? ctx.villages.values().next().value!;
    const gudangId = 1 + (o.id % 3);
    const courier = COURIERS[hash % COURIERS.length]!;
    const phone = `628${String(1_100_000_000 + buyer.id).slice(0, 10)}`;
    const resi = !o.pickup && shipped.has(status) ? `${courier.split('|')[0]!.toUpperCase()}${String(4_000_000_000 + o.id)}` : null;
    // The steps of a paid order spread over at most four days, ending before "today".
    const span = Math.min(4 * DAY, Math.max(0, ctx.untilMs - o.at - 60_000));
    const step = (f: number): number => o.at + Math.floor(span * f);
    const received = status === 'RECEIVED' || status === 'DONE' ? step(0.8) : null;
    // Recent orders carry their whole story; older ones only their status rows.
    const recent = Boolean(o.method) || ctx.untilMs - o.at < TRACKING_KEPT_MS;
    orderRows.push([
      o.id,
      `ORD-${stamp}-${String(o.id).padStart(7, '0')}`,
      paid ? `INV-${stamp}-${String(o.id).padStart(7, '0')}` : null,
      o.memberId,
      o.jenis,
      status,
      at.toISOString(),
      paid ? at.toISOString() : null,
      paid ? at.toISOString() : null,
      o.posisi,
      o.sisi,
      o.newMemberId,
      o.lines.reduce((s, l) => s + l.product.value * l.qty, 0),
      totalHarga,
      berat,
      o.pickup,
      gudangId,
      o.pickup ? null : courier,
      ongkir,
      totalHarga + ongkir + fee,
      method,
      true,
      totalDpp,
      totalHarga - totalDpp,
      at.toISOString(),
      iso(o.at + DAY),
      fee,
      JSON.stringify(pembayaranOf(method, o.id, o.at)),
      o.pickup ? null : buyer.nama,
      o.pickup ? null : phone,
      o.pickup ? null : `${STREETS[hash % STREETS.length]} No. ${1 + (hash % 120)}`,
      o.pickup ? null : place.postal,
      o.pickup ? null : place.code,
      resi,
      received === null ? null : iso(received),
      received === null ? null : buyer.nama,
      paid ? o.posisiPembeli : null,
    ]);
    for (const l of o.lines) detailRows.push([o.id, l.product.id, l.product.harga, l.qty, l.product.value, l.product.berat, l.product.dpp]);
    historyRows.push([o.id, at.toISOString(), 'PENDING', 0, null, null]);
    if (!paid) {
      if (status !== 'PENDING')
        historyRows.push([o.id, iso(Math.min(o.at + DAY, step(0.9))), status, null, status === 'CANCEL' ? ADMIN : null, null]);
      continue;
    }
    historyRows.push([o.id, iso(Math.min(o.at + 600_000, step(0.05))), 'PAID', null, null, null]);
    // Recent shipments carry their whole story, with the events the tracking manifest shows.
    if (recent) {
      if (o.pickup) {
        if (status !== 'PAID') historyRows.push([o.id, iso(step(0.4)), 'PICKUPABLE', null, ADMIN, 'Siap diambil di gudang']);
        if (received) historyRows.push([o.id, iso(received), 'RECEIVED', null, ADMIN, `Diambil oleh ${buyer.nama}`]);
      } else if (status !== 'PAID') {
        historyRows.push([o.id, iso(step(0.25)), 'WAREHOUSE', null, ADMIN, 'Dikemas']);
        if (resi) {
          historyRows.push([
            o.id,
            iso(step(0.4)),
            'DELIVERY',
            null,
            ADMIN,
            `${ctx.gudangKota.get(gudangId) ?? 'Gudang'}|Paket diserahkan ke kurir`,
          ]);
          historyRows.push([o.id, iso(step(0.6)), 'DELIVERY', null, ADMIN, `${place.kota}|Paket sedang diantar kurir`]);
        }
        if (received) historyRows.push([o.id, iso(received), 'RECEIVED', null, ADMIN, `${place.kota}|Diterima oleh ${buyer.nama}`]);
      }
    }
    if (status === 'DONE') historyRows.push([o.id, iso(recent ? step(0.95) : o.at + 4 * DAY), 'DONE', 0, null, null]);
  }
  await bulkInsert(db, 'orders', orderColumns, orderRows);
  await bulkInsert(
    db,
    'order_details',
    [
      { name: 'order_id', type: 'int8' },
      { name: 'product_id', type: 'int8' },
      { name: 'harga', type: 'int8' },
      { name: 'qty', type: 'int4' },
      { name: 'value', type: 'int4' },
      { name: 'berat', type: 'int4' },
      { name: 'dpp', type: 'int8' },
    ],
    detailRows,
  );
  await bulkInsert(
    db,
    'order_histories',
    [
      { name: 'order_id', type: 'int8' },
      { name: 'tanggal', type: 'timestamptz' },
      { name: 'status', type: 'text' },
      { name: 'id_admin', type: 'int4' },
      { name: 'admin_nama', type: 'text' },
      { name: 'keterangan', type: 'text' },
    ],
    historyRows,
  );
}
