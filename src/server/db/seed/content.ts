import { sql } from 'drizzle-orm';
import { defaultSettings } from '../../domain/default-settings';
import { bulkInsert } from '../bulk-insert';
import type { Db } from '../client';

const newsItems: [string, string][] = [
  [
    'Selamat datang di Portal Member',
    '<p>Portal baru untuk memantau jaringan, bonus dan pesanan Anda. Simpan tautan referal Anda dan bagikan kepada calon member.</p>',
  ],
  [
    'Tips: lengkapi NPWP Anda',
    '<p>Member dengan <strong>NPWP terverifikasi</strong> mendapat potongan PPh yang lebih rendah. Lengkapi di menu <a href="/account/profile">Profile</a>.</p>',
  ],
  ['Jadwal pencairan bonus', '<p>Penarikan bonus diproses setiap hari kerja. Pastikan rekening bank Anda sudah terverifikasi.</p>'],
  [
    'Promo Reward Direct Sponsor',
    '<p>Kumpulkan poin dari registrasi dan upgrade member sponsoran Anda dan klaim reward menarik.</p><ul><li>Periode berjalan</li><li>Berlaku kelipatan</li></ul>',
  ],
  ['Cara melakukan repeat order', '<p>Pilih menu Transaksi, lalu Order Transaksi, dan ikuti langkah-langkahnya.</p>'],
  ['Perubahan alamat gudang Surabaya', '<p>Gudang Surabaya pindah ke alamat baru mulai bulan depan.</p>'],
  [
    'Waspada penipuan',
    '<p>Perusahaan tidak pernah meminta password Anda. Jangan bagikan password kepada siapa pun.</p><script>alert("x")</script>',
  ],
  ['Pelatihan member baru', '<p>Ikuti pelatihan daring setiap Sabtu pukul 10.00 WIB.</p>'],
  ['Kode etik member', '<p>Harga jual di bawah harga resmi dilarang dan dikenai sanksi.</p>'],
  ['Update aplikasi', '<p>Tampilan portal kini lebih ringan di ponsel.</p>'],
  ['Libur nasional', '<p>Pengiriman libur pada hari besar nasional.</p>'],
  ['Pengumuman internal (draf)', '<p>Draf yang belum terbit.</p>'],
];

/** News (one draft with status 0 that must never show) and the member carousel banners. */
export async function seedContent(db: Db, until: Date): Promise<void> {
  const rows = newsItems.map(([title, content], i) => {
    const at = new Date(until.getTime() - (newsItems.length - i) * 3 * 86_400_000).toISOString();
    return [title, content, i === newsItems.length - 1 ? 0 : 1, i === 3, i === 4, at, at];
  });
  await bulkInsert(
    db,
    'news',
    [
      { name: 'title', type: 'text' },
      { name: 'content', type: 'text' },
      { name: 'status', type: 'int4' },
      { name: 'menu_reg', type: 'bool' },
      { name: 'menu_upg', type: 'bool' },
      { name: 'created_at', type: 'timestamptz' },
      { name: 'updated_at', type: 'timestamptz' },
    ],
    rows,
  );
  const banners = [
    ['Promo Akhir Tahun', '/banners/banner-3.svg', '/reward-promo/ongoing', 'Kumpulkan poin, klaim reward', 3],
    ['Selamat Datang', '/banners/banner-1.svg', '/news/informasi', 'Portal Member baru', 1],
    ['Repeat Order', '/banners/banner-2.svg', '/transaksi/order-transaksi', 'Belanja lagi, pairing aktif', 2],
  ].map((b) => ['banner-member', ...b]);
  await bulkInsert(
    db,
    'banners',
    [
      { name: 'group_name', type: 'text' },
      { name: 'nama', type: 'text' },
      { name: 'url', type: 'text' },
      { name: 'link', type: 'text' },
      { name: 'description', type: 'text' },
      { name: 'number', type: 'int4' },
    ],
    banners,
  );
  for (const [key, value] of Object.entries(defaultSettings)) {
    await db.execute(sql`insert into settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb) on conflict (key) do nothing`);
  }
}
