/**
 * The portal's public pages (issue #17: no placeholder links) and their text on a new database.
 * KONTEN edits them at /admin/halaman; a page never edited shows the text below. The code of
 * ethics page also always shows the undercutting warning (src/lib/undercutting.ts) above its text.
 */
export const PAGE_SLUGS = [
  'kode-etik',
  'kebijakan-privasi',
  'kebijakan-pengiriman',
  'kebijakan-retur',
  'faq',
  'syarat-pembayaran',
] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export const isPageSlug = (slug: string): slug is PageSlug => (PAGE_SLUGS as readonly string[]).includes(slug);

export const pagePath = (slug: PageSlug): string => `/info/${slug}`;

export const DEFAULT_PAGES: Record<PageSlug, { judul: string; konten: string }> = {
  'kode-etik': {
    judul: 'Kode Etik Member',
    konten: `<p>Kode etik ini berlaku bagi setiap member. Dengan mendaftar dan menyetujui kode etik, member terikat pada ketentuan di bawah ini.</p>
<h2>1. Kejujuran dalam menawarkan produk</h2>
<ul><li>Menjelaskan produk sesuai keterangan resmi perusahaan, tanpa klaim kesehatan atau manfaat yang berlebihan.</li>
<li>Tidak menjanjikan penghasilan tertentu kepada calon member; bonus bergantung pada penjualan dan jaringan masing-masing.</li></ul>
<h2>2. Harga resmi</h2>
<ul><li>Menjual produk sesuai harga resmi yang berlaku. Menjual di bawah harga resmi (banting harga), termasuk melalui toko daring dan lokapasar, dilarang.</li>
<li>Tidak menjual kembali produk dengan kemasan atau label yang diubah.</li></ul>
<h2>3. Perekrutan</h2>
<ul><li>Setiap calon member didaftarkan atas kemauannya sendiri dengan data identitas yang benar.</li>
<li>Dilarang membujuk member dari jaringan lain untuk pindah sponsor (cross-line) dan dilarang mendaftarkan satu orang lebih dari satu kali.</li></ul>
<h2>4. Akun dan data</h2>
<ul><li>Akun, password dan tautan referal adalah tanggung jawab member. Perusahaan tidak pernah meminta password Anda.</li>
<li>Data pribadi member lain dan calon member dijaga kerahasiaannya.</li></ul>
<h2>5. Sanksi</h2>
<p>Pelanggaran kode etik dapat dikenai teguran tertulis, penangguhan (suspend) akun, penahanan bonus, hingga pemutusan keanggotaan, di samping tuntutan hukum yang berlaku.</p>`,
  },
  'kebijakan-privasi': {
    judul: 'Kebijakan Privasi',
    konten: `<p>Kami menghormati privasi member dan mengelola data pribadi sesuai Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi.</p>
<h2>Data yang kami kumpulkan</h2>
<ul><li>Identitas: nama, NIK atau nomor identitas lain, NPWP, tanggal lahir, jenis kelamin.</li>
<li>Kontak dan alamat: e-mail, nomor telepon, domisili dan alamat pengiriman.</li>
<li>Rekening bank untuk pembayaran bonus, serta riwayat order, bonus, penarikan dan retur.</li></ul>
<h2>Penggunaan data</h2>
<ul><li>Menjalankan keanggotaan, jaringan dan perhitungan bonus.</li>
<li>Memproses order, pembayaran, pengiriman dan retur.</li>
<li>Memotong dan melaporkan pajak penghasilan (PPh 21) sesuai ketentuan perpajakan.</li></ul>
<h2>Berbagi data</h2>
<p>Data hanya dibagikan kepada pihak yang diperlukan untuk layanan: penyedia pembayaran, jasa ekspedisi, bank, dan instansi pemerintah bila diwajibkan undang-undang. Kami tidak menjual data member.</p>
<h2>Hak member</h2>
<p>Member dapat melihat dan memperbarui datanya di menu Profile, dan dapat meminta salinan atau penghapusan data melalui layanan pelanggan, sepanjang tidak bertentangan dengan kewajiban penyimpanan data menurut hukum.</p>
<h2>Keamanan</h2>
<p>Password disimpan dalam bentuk tersandi dan akses ke data dibatasi. Jangan bagikan password Anda kepada siapa pun.</p>`,
  },
  'kebijakan-pengiriman': {
    judul: 'Kebijakan Pengiriman',
    konten: `<h2>Pilihan pengiriman</h2>
<ul><li>Dikirim ke alamat: barang dikirim dari gudang terdekat yang memiliki stok melalui ekspedisi pilihan member.</li>
<li>Ambil di tempat: barang diambil di gudang yang dipilih setelah status order <strong>Siap Diambil</strong>.</li></ul>
<h2>Biaya dan estimasi</h2>
<ul><li>Ongkos kirim dihitung dari berat barang, gudang asal dan alamat tujuan, dan ditampilkan sebelum pembayaran.</li>
<li>Estimasi waktu adalah perkiraan ekspedisi, dihitung sejak barang diserahkan ke ekspedisi, di luar hari libur nasional.</li>
<li>Asuransi pengiriman dapat dipilih; untuk ekspedisi tertentu asuransi wajib.</li></ul>
<h2>Proses</h2>
<ul><li>Order diproses setelah pembayaran diterima. Nomor resi dan pelacakan tampil di detail order.</li>
<li>Periksa alamat sebelum membayar. Perubahan alamat setelah barang dikirim tidak dapat dilakukan.</li></ul>
<h2>Barang rusak atau kurang</h2>
<p>Bila paket rusak atau isinya kurang, ajukan retur melalui menu Retur dengan bukti foto atau video sesuai Kebijakan Retur/Refund.</p>`,
  },
  'kebijakan-retur': {
    judul: 'Kebijakan Retur/Refund',
    konten: `<h2>Syarat retur</h2>
<ul><li>Retur diajukan melalui menu Transaksi → Retur untuk order yang sudah diterima, paling lambat 30 hari sejak faktur.</li>
<li>Alasan retur: barang rusak, cacat produksi, salah kirim atau jumlah kurang.</li>
<li>Lampirkan tepat 3 bukti: foto (masing-masing paling besar 1 MB) atau video (paling besar 5 MB).</li></ul>
<h2>Proses retur</h2>
<ol><li>Retur diperiksa admin dan disetujui atau ditolak dengan alasan yang tampil di detail retur.</li>
<li>Setelah disetujui, kirim barang ke kantor gudang yang tertera dan masukkan nomor resi pengiriman.</li>
<li>Setelah barang diterima dan diperiksa, perusahaan mengirim barang pengganti tanpa biaya.</li></ol>
<h2>Refund</h2>
<p>Pengembalian dana diberikan bila barang pengganti tidak tersedia atau order dibatalkan oleh perusahaan setelah dibayar. Dana dikembalikan ke rekening member yang terdaftar; BV dari order yang di-refund dikeluarkan dari perhitungan bonus.</p>
<h2>Yang tidak dapat diretur</h2>
<p>Barang yang rusak karena pemakaian atau penyimpanan yang salah, dan barang yang kemasannya sudah dibuka tanpa cacat produksi.</p>`,
  },
  faq: {
    judul: 'FAQ',
    konten: `<h2>Bagaimana cara mendaftarkan member baru?</h2>
<p>Pilih Transaksi → Order Transaksi → Registrasi, isi data calon member, pilih paket dan bayar. Setelah pembayaran diterima, member baru mendapat e-mail untuk membuat password. Calon member juga dapat mendaftar sendiri melalui tautan referal Anda.</p>
<h2>Kapan bonus dihitung?</h2>
<p>Bonus dihitung setiap hari untuk transaksi hari sebelumnya dan tampil di menu Bonus.</p>
<h2>Bagaimana cara menarik bonus?</h2>
<p>Pastikan rekening bank dan NPWP sudah terverifikasi di menu Profile, lalu ajukan penarikan di halaman Bonus. Penarikan diproses pada hari kerja.</p>
<h2>Mengapa bonus saya dipotong pajak?</h2>
<p>Bonus adalah penghasilan yang dipotong PPh 21. Bukti potong dapat diunduh di menu Pajak.</p>
<h2>Order saya belum dibayar, apa yang terjadi?</h2>
<p>Order yang belum dibayar dalam 24 jam otomatis kedaluwarsa. Anda dapat membuat order baru kapan saja.</p>
<h2>Saya lupa password.</h2>
<p>Klik "Lupa password" di halaman login dan ikuti tautan yang dikirim ke e-mail Anda.</p>`,
  },
  'syarat-pembayaran': {
    judul: 'Syarat Pembayaran',
    konten: `<h2>Metode pembayaran</h2>
<p>Pembayaran dapat dilakukan melalui virtual account bank, QRIS, dompet digital, gerai retail, kartu kredit, atau transfer manual ke rekening BCA perusahaan yang tertera di detail order.</p>
<h2>Harga dan biaya</h2>
<ul><li>Harga produk adalah harga resmi yang berlaku pada saat order dibuat.</li>
<li>Biaya layanan metode pembayaran, ongkos kirim dan asuransi (bila dipilih) ditampilkan sebelum tombol BAYAR dan menjadi bagian dari total pembayaran.</li></ul>
<h2>Batas waktu</h2>
<ul><li>Order harus dibayar dalam 24 jam; setelah itu order kedaluwarsa dan tidak dapat dibayar lagi.</li>
<li>Bayar tepat sebesar total yang tertera. Order diproses setelah pembayaran dikonfirmasi oleh penyedia pembayaran.</li></ul>
<h2>Pembatalan dan pengembalian dana</h2>
<p>Order yang sudah dibayar tidak dapat dibatalkan oleh member. Pengembalian dana mengikuti Kebijakan Retur/Refund.</p>
<h2>Keamanan</h2>
<p>Perusahaan tidak pernah meminta pembayaran ke rekening pribadi. Abaikan permintaan pembayaran di luar portal ini.</p>`,
  },
};
