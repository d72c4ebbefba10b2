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
  /** Minutes a password-reset link stays valid. */
  reset_token_minutes: 60,
  /** Links of the footer (spec/000 §2): external pages of the business. */
  footer_links: [
    { label: 'Kode Etik', url: 'https://example.com/kode-etik' },
    { label: 'Kebijakan Privasi', url: 'https://example.com/kebijakan-privasi' },
    { label: 'Kebijakan Pengiriman', url: 'https://example.com/kebijakan-pengiriman' },
    { label: 'Kebijakan Retur/Refund', url: 'https://example.com/kebijakan-retur' },
    { label: 'FAQ', url: 'https://example.com/faq' },
  ],
  company_name: 'PT Portal Member Indonesia',
  /** Overrides of the compensation plan (COMP_PLAN.md); keys not given keep their defaults. */
  bonus_plan: {} as Record<string, unknown>,
  /** The withholder on the tax slips. */
  company_npwp: '0012345678901000',
  /** Annual pairing period shown on the report (spec/000 §2 default). */
  annual_pairing_period: { start: '2024-06-13', end: '2025-06-15', label: '13 June 2024 to 15 June 2025' },
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
