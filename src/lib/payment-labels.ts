/** Display names of the payment methods an order can carry (spec/001 §9, methods seen). */
export const PAYMENT_LABELS: Record<string, string> = {
  cash: 'Tunai di Gudang',
  transferbca: 'Transfer BCA',
  credit_card: 'Kartu Kredit',
  bca_va: 'BCA Virtual Account',
  bni_va: 'BNI Virtual Account',
  bri_va: 'BRI Virtual Account',
  permata_va: 'Permata Virtual Account',
  cimb_va: 'CIMB Virtual Account',
  other_va: 'Virtual Account Bank Lain',
  bank_transfer: 'Virtual Account',
  echannel: 'Mandiri Bill Payment',
  qris: 'QRIS',
  other_qris: 'QRIS',
  gopay: 'GoPay',
  shopeepay: 'ShopeePay',
  indomaret: 'Indomaret',
  alfamart: 'Alfamart',
  cstore: 'Gerai Retail',
  danamon_online: 'Danamon Online Banking',
  cimb_clicks: 'CIMB Clicks',
  bca_klikpay: 'BCA KlikPay',
  akulaku: 'Akulaku',
};

export const paymentMethodLabel = (method: string | null | undefined): string =>
  (method && PAYMENT_LABELS[method]) || (method ? method.replace(/_/g, ' ').toUpperCase() : '-');

/** Order types (spec/001 §9): reg, upg, ro. */
export const JENIS_ORDER_LABELS: Record<string, string> = { reg: 'Registrasi', upg: 'Upgrade', ro: 'Repeat Order' };
