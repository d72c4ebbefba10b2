import { sql } from 'drizzle-orm';
import { bulkInsert } from '../bulk-insert';
import { type Db, selectRows } from '../client';

/** Price includes PPN 12% on a tax base of 11/12 (effective 11%): dpp = price / 1.11. */
const dppOf = (harga: number): number => Math.round(harga / 1.11);

export interface CatalogueProduct {
  id: number;
  kode: string;
  harga: number;
  value: number;
  berat: number;
  dpp: number;
  kategori: 'PAKET' | 'PRODUK';
}

const items: (Omit<CatalogueProduct, 'id' | 'dpp'> & { nama: string; deskripsi: string })[] = [
  {
    kode: 'PKT-1',
    nama: 'Paket Starter',
    deskripsi: 'Paket 1 BV: 2 botol suplemen herbal dan panduan member.',
    kategori: 'PAKET',
    harga: 350_000,
    value: 1,
    berat: 800,
  },
  {
    kode: 'PKT-2',
    nama: 'Paket Duo',
    deskripsi: 'Paket 2 BV: 4 botol suplemen herbal dan kit promosi.',
    kategori: 'PAKET',
    harga: 700_000,
    value: 2,
    berat: 1500,
  },
  {
    kode: 'PKT-4',
    nama: 'Paket Premium',
    deskripsi: 'Paket 4 BV: 8 botol suplemen, kopi herbal dan kit promosi lengkap.',
    kategori: 'PAKET',
    harga: 1_400_000,
    value: 4,
    berat: 3000,
  },
  {
    kode: 'PRD-KOPI',
    nama: 'Kopi Herbal Ginseng',
    deskripsi: 'Kopi herbal 20 sachet.',
    kategori: 'PRODUK',
    harga: 150_000,
    value: 1,
    berat: 400,
  },
  { kode: 'PRD-MADU', nama: 'Madu Hutan Murni', deskripsi: 'Madu hutan 500 ml.', kategori: 'PRODUK', harga: 200_000, value: 1, berat: 700 },
  {
    kode: 'PRD-TEH',
    nama: 'Teh Hijau Kelor',
    deskripsi: 'Teh hijau daun kelor 25 kantong.',
    kategori: 'PRODUK',
    harga: 120_000,
    value: 1,
    berat: 250,
  },
  {
    kode: 'PRD-SABUN',
    nama: 'Sabun Sereh Wangi',
    deskripsi: 'Sabun batang sereh wangi 3 buah.',
    kategori: 'PRODUK',
    harga: 90_000,
    value: 0,
    berat: 300,
  },
  {
    kode: 'PRD-MINYAK',
    nama: 'Minyak Kayu Putih Premium',
    deskripsi: 'Minyak kayu putih 120 ml.',
    kategori: 'PRODUK',
    harga: 110_000,
    value: 1,
    berat: 200,
  },
];

/** Products, warehouses (one per big city, Surabaya first: the office returns go to) and stock. */
export async function seedCatalogue(db: Db): Promise<CatalogueProduct[]> {
  await bulkInsert(
    db,
    'products',
    [
      { name: 'kode', type: 'text' },
      { name: 'nama', type: 'text' },
      { name: 'deskripsi', type: 'text' },
      { name: 'kategori', type: 'text' },
      { name: 'harga', type: 'int8' },
      { name: 'value', type: 'int4' },
      { name: 'berat', type: 'int4' },
      { name: 'dpp', type: 'int8' },
      { name: 'persen_ppn', type: 'int4' },
      { name: 'gambars', type: 'jsonb' },
    ],
    items.map((p) => [
      p.kode,
      p.nama,
      p.deskripsi,
      p.kategori,
      p.harga,
      p.value,
      p.berat,
      dppOf(p.harga),
      12,
      JSON.stringify([{ lokasi: `/products/${p.kode.toLowerCase()}.svg` }]),
    ]),
  );

  const cities: [string, string, string][] = [
    ['Gudang Surabaya', 'Jl. Raya Darmo 100, Surabaya', '35.78'],
    ['Gudang Jakarta', 'Jl. Gatot Subroto 45, Jakarta Selatan', '31.74'],
    ['Gudang Medan', 'Jl. Gatot Subroto 12, Medan', '12.71'],
    ['Gudang Makassar', 'Jl. Urip Sumoharjo 8, Makassar', '73.71'],
  ];
  for (const [nama, lokasi, regency] of cities) {
    await db.execute(sql`
      insert into warehouses (nama, lokasi, kelurahan_id, is_online, is_pickup)
      values (${nama}, ${lokasi}, (select v.code from villages v join districts d on d.code = v.district_code
        where d.regency_code = ${regency} order by v.code limit 1), true, ${nama !== 'Gudang Makassar'})`);
  }
  // Every warehouse holds everything except Makassar, which has no Premium package.
  await db.execute(sql`
    insert into warehouse_stock (warehouse_id, product_id, qty)
    select w.id, p.id, case when w.nama = 'Gudang Makassar' and p.kode = 'PKT-4' then 0 else 10000 end
    from warehouses w cross join products p`);
  return selectRows<CatalogueProduct>(
    db,
    sql`
    select id::int as id, kode, harga::int as harga, value, berat, dpp::int as dpp, kategori from products order by id`,
  );
}
