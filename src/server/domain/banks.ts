/** Indonesian banks with their official clearing codes (Bank Indonesia), for GET /member/list-bank. */
export const BANKS = [
  { kode: '002', nama: 'BANK BRI' },
  { kode: '008', nama: 'BANK MANDIRI' },
  { kode: '009', nama: 'BANK BNI' },
  { kode: '011', nama: 'BANK DANAMON' },
  { kode: '013', nama: 'BANK PERMATA' },
  { kode: '014', nama: 'BANK BCA' },
  { kode: '016', nama: 'BANK MAYBANK INDONESIA' },
  { kode: '019', nama: 'BANK PANIN' },
  { kode: '022', nama: 'BANK CIMB NIAGA' },
  { kode: '028', nama: 'BANK OCBC NISP' },
  { kode: '200', nama: 'BANK BTN' },
  { kode: '213', nama: 'BANK SMBC INDONESIA (BTPN)' },
  { kode: '426', nama: 'BANK MEGA' },
  { kode: '441', nama: 'BANK KB BUKOPIN' },
  { kode: '451', nama: 'BANK SYARIAH INDONESIA (BSI)' },
  { kode: '111', nama: 'BANK DKI' },
  { kode: '110', nama: 'BANK BJB' },
  { kode: '113', nama: 'BANK JATENG' },
  { kode: '114', nama: 'BANK JATIM' },
  { kode: '490', nama: 'BANK NEO COMMERCE' },
  { kode: '535', nama: 'SEABANK INDONESIA' },
  { kode: '542', nama: 'BANK JAGO' },
] as const;

export const bankName = (kode: string | null | undefined): string | null => BANKS.find((b) => b.kode === kode)?.nama ?? null;

/** The clearing code of a bank by its name (as a payout stores it), or undefined. */
export const bankCodeOf = (nama: string | null | undefined): string | undefined => BANKS.find((b) => b.nama === nama)?.kode;
