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
  /** The account shown for orders paid by manual BCA transfer (spec/001 §3, transferbca). */
  transfer_bca: { nomor_rekening_bca: '7880123456', nama_rekening_bca: 'PT Portal Member Indonesia', cabang_rekening_bca: 'KCU Surabaya' },
} as const;

export type SettingKey = keyof typeof defaultSettings;
