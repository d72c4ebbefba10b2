/**
 * Settings an operator can change (table `settings`); these are the values on a new database.
 * Later areas add their own keys (COMP_PLAN.md numbers) next to these.
 */
export const defaultSettings = {
  /** Minutes a signed-in session lasts without Remember Me, and days with it. */
  session_minutes: 12 * 60,
  session_remember_days: 30,
  /** Sign-in rate limit: failures allowed per window, window and lock in minutes. */
  login_max_failures_per_account: 5,
  login_max_failures_per_address: 20,
  login_window_minutes: 15,
  login_lock_minutes: 15,
  /** Password-reset mails per member and requests per client address, per login window. */
  reset_requests_per_member: 3,
  reset_requests_per_address: 10,
  /** Password-reset links CS may send one member from the console, per login window. */
  reset_links_per_member: 5,
  /** Minutes without a request that end a session without Remember Me (its absolute lifetime stays). */
  session_idle_minutes: 30,
  /** Public e-mail checks (/daftar/api/mail-check) one client address may make per login window. */
  email_checks_per_address: 30,
  /** Orders one client address may place from the public referral page (/daftar) per login window. */
  referral_orders_per_address: 10,
  /** Minutes a password-reset link stays valid. */
  reset_token_minutes: 60,
  /** Links of the footer (spec/000 §2): the portal's own public pages (/info/..., edited by KONTEN). */
  footer_links: [
    { label: 'Kode Etik', url: '/info/kode-etik' },
    { label: 'Kebijakan Privasi', url: '/info/kebijakan-privasi' },
    { label: 'Kebijakan Pengiriman', url: '/info/kebijakan-pengiriman' },
    { label: 'Kebijakan Retur/Refund', url: '/info/kebijakan-retur' },
    { label: 'FAQ', url: '/info/faq' },
    { label: 'Syarat Pembayaran', url: '/info/syarat-pembayaran' },
  ],
  company_name: 'PT Portal Member Indonesia',
  /** The logo on the member shell: a path of the portal (KONTEN, /admin/halaman); empty for the name alone. */
  company_logo: '',
  /** Overrides of the compensation plan (COMP_PLAN.md); keys not given keep their defaults. */
  bonus_plan: {} as Record<string, unknown>,
  /**
   * The withholder on the BP21 slips and in the Coretax file (WithholderSchema): NPWP (16 digits),
   * ID TKU (the NPWP and a 6-digit place of business), name and signer. These are the demo's
   * values, so a fresh install exports; a company enters its own in /admin/keuangan/pajak.
   */
  pemotong: {
    npwp: '0012345678901000',
    id_tku: '0012345678901000000000',
    nama: 'PT Portal Member Indonesia',
    penandatangan: 'Kartika Keuangan',
  } as { npwp: string; id_tku: string; nama: string; penandatangan: string },
  /**
   * Hours after which the scheduler approves a day's draft closing that no KEUANGAN operator
   * approved (COMP_PLAN.md "Commission control"); 0: never, an operator always approves.
   */
  closing_auto_approve_hours: 0,
  /** Annual pairing period shown on the report (spec/000 §2 default). */
  annual_pairing_period: { start: '2024-06-13', end: '2025-06-15', label: '13 June 2024 to 15 June 2025' },
  /** Orders (spec/001 §9): the tax block, unpaid-order expiry and minimum BV per registration tier. */
  use_ppn: 'true' as 'true' | 'false',
  order_expiry_hours: 24,
  /** Order caps (issue #13): units per product line, rupiah per order, unpaid orders per member. */
  order_max_line_qty: 100,
  order_max_total: 500_000_000,
  order_max_pending: 10,
  min_bv: { BRONZE: 1, SILVER: 2, PLATINUM: 4 },
  /** Payment methods with their fees (spec/001 §3 Payment method; Midtrans names). */
  payment_methods: [
    { name: 'bca_va', label: 'BCA Virtual Account', icon: '/payments/bca.svg', fix_charge: 4000, float_charge: 0, ppn: 11 },
    { name: 'bni_va', label: 'BNI Virtual Account', icon: '/payments/bni.svg', fix_charge: 4000, float_charge: 0, ppn: 11 },
    { name: 'bri_va', label: 'BRI Virtual Account', icon: '/payments/bri.svg', fix_charge: 4000, float_charge: 0, ppn: 11 },
    { name: 'permata_va', label: 'Permata Virtual Account', icon: '/payments/permata.svg', fix_charge: 4000, float_charge: 0, ppn: 11 },
    { name: 'echannel', label: 'Mandiri Bill Payment', icon: '/payments/mandiri.svg', fix_charge: 4000, float_charge: 0, ppn: 11 },
    { name: 'qris', label: 'QRIS (ShopeePay, Gopay)', icon: '/payments/qris.svg', fix_charge: 0, float_charge: 0.7, ppn: 11 },
    { name: 'gopay', label: 'GoPay', icon: '/payments/gopay.svg', fix_charge: 0, float_charge: 2, ppn: 11 },
    { name: 'indomaret', label: 'Indomaret', icon: '/payments/indomaret.svg', fix_charge: 5000, float_charge: 0, ppn: 11 },
    { name: 'alfamart', label: 'Alfamart', icon: '/payments/alfamart.svg', fix_charge: 5000, float_charge: 0, ppn: 11 },
    { name: 'credit_card', label: 'Kartu Kredit', icon: '/payments/card.svg', fix_charge: 2000, float_charge: 2.9, ppn: 11 },
    { name: 'transferbca', label: 'Transfer BCA (manual)', icon: '/payments/bca.svg', fix_charge: 0, float_charge: 0, ppn: 0 },
  ] as { name: string; label: string; icon: string; fix_charge: number; float_charge: number; ppn: number }[],
  /** Payment methods an operator switched off (names from payment_methods): not offered, not accepted for new orders. */
  payment_methods_off: [] as string[],
  /** The account shown for manual BCA transfers. */
  transfer_bca: {
    nomor_rekening_bca: '8880123456',
    nama_rekening_bca: 'PT Portal Member Indonesia',
    cabang_rekening_bca: 'KCU Darmo Surabaya',
  },
  /** Couriers and their insurance (spec/001 §3 Courier config). */
  couriers: [
    { kode: 'jne', nama: 'JNE', asuransi_fix: 5000, asuransi_persen: 0.2, wajib_asuransi: false },
    { kode: 'sicepat', nama: 'SiCepat', asuransi_fix: 0, asuransi_persen: 0.3, wajib_asuransi: false },
    { kode: 'jnt', nama: 'J&T Express', asuransi_fix: 0, asuransi_persen: 0.2, wajib_asuransi: true },
    { kode: 'pos', nama: 'POS Indonesia', asuransi_fix: 0, asuransi_persen: 0, wajib_asuransi: false },
    { kode: 'anteraja', nama: 'AnterAja', asuransi_fix: 1000, asuransi_persen: 0.2, wajib_asuransi: false },
  ] as { kode: string; nama: string; asuransi_fix: number; asuransi_persen: number; wajib_asuransi: boolean }[],
  /**
   * The built-in shipping provider's rate table: per service, rupiah per started kilogram and
   * the estimate, by zone (same city, same province, same island, another island).
   */
  shipping_rates: [
    { code: 'jne', service: 'REG', description: 'Layanan Reguler', perKg: [9000, 12000, 19000, 38000], etd: ['1-2', '2-3', '2-4', '4-6'] },
    { code: 'jne', service: 'YES', description: 'Yakin Esok Sampai', perKg: [15000, 20000, 32000, 65000], etd: ['1', '1', '1', '1-2'] },
    { code: 'sicepat', service: 'REG', description: 'Reguler', perKg: [8000, 11000, 18000, 36000], etd: ['1-2', '2-3', '2-4', '4-7'] },
    {
      code: 'sicepat',
      service: 'BEST',
      description: 'Besok Sampai Tujuan',
      perKg: [14000, 19000, 30000, 60000],
      etd: ['1', '1', '1', '2'],
    },
    { code: 'jnt', service: 'EZ', description: 'Reguler', perKg: [8500, 11500, 18500, 37000], etd: ['1-2', '2-3', '3-4', '4-7'] },
    {
      code: 'pos',
      service: 'Pos Reguler',
      description: 'Pos Reguler',
      perKg: [7000, 9000, 15000, 30000],
      etd: ['2-3', '3-4', '4-5', '5-8'],
    },
    { code: 'anteraja', service: 'REG', description: 'Regular', perKg: [8000, 11000, 18000, 35000], etd: ['1-2', '2-3', '3-4', '4-6'] },
  ] as { code: string; service: string; description: string; perKg: number[]; etd: string[] }[],
  /**
   * Shipping subsidies by warehouse (spec/001 §3 Shipping quote): the highest tier whose bv is at
   * most the order's BV; PERSENTASE is a share of the tax base, NOMINAL rupiah. gudang null = all.
   */
  shipping_subsidies: [
    {
      id: 1,
      gudang: null,
      jenis: 'PERSENTASE',
      tiers: [
        { bv: 2, value: 2 },
        { bv: 4, value: 4 },
      ],
    },
  ] as { id: number; gudang: string | null; jenis: 'PERSENTASE' | 'NOMINAL'; tiers: { bv: number; value: number }[] }[],
  /** Console (GUDANG): a warehouse's product is marked "stok menipis" at or below this many units. */
  stok_menipis_batas: 50,
  /** Returns (spec/001 §4): orders RECEIVED or DONE within this many days of their invoice may be returned. */
  retur_window_days: 30,
  /** The fixed warehouse office in Surabaya that returned goods are shipped to (APPROVED). */
  retur_office: {
    nama: 'Gudang Retur PT Portal Member Indonesia',
    alamat: 'Jl. Rungkut Industri III No. 12, Kali Rungkut, Kec. Rungkut',
    kota: 'Kota Surabaya',
    propinsi: 'Jawa Timur',
    kode_pos: '60293',
    phone: '0318432100',
  },
} as const;

export type SettingKey = keyof typeof defaultSettings;
