/**
 * The address form's rules without zod, so an island can check them without shipping zod to the
 * browser: the messages of spec/001 §5 word for word and the same limits AddressSchema
 * (./address.ts) applies on the server.
 */
export const addressMessages = {
  label: 'Masukkan label pengiriman',
  nama: 'Masukkan nama penerima',
  phone: 'Masukkan nomor telepon',
  alamat: 'Alamat lengkap pengiriman tidak boleh kosong',
  kelurahan: 'Pilih kelurahan',
  kodePos: 'Kode pos harus terdiri dari 5 digit angka',
} as const;

export const ADDRESS_LIMITS = { label: 40, nama: 60, phone: 20, alamat: 300 } as const;
export const VILLAGE_CODE = /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/;
export const POSTAL_CODE = /^\d{5}$/;

export interface AddressDraft {
  label?: string;
  nama: string;
  phone: string;
  alamat: string;
  kelurahan_id: string;
  kode_pos?: string | null;
}

/** The first message per field, as AddressSchema would give it (keys are the form's field names). */
export function addressErrors(a: AddressDraft, withLabel = true): Record<string, string> {
  const out: Record<string, string> = {};
  const label = (a.label ?? '').trim();
  if (withLabel && (!label || label.length > ADDRESS_LIMITS.label)) out.label = addressMessages.label;
  const nama = a.nama.trim();
  if (!nama || nama.length > ADDRESS_LIMITS.nama) out.nama = addressMessages.nama;
  const phone = a.phone.replace(/[^\d]/g, '');
  if (!phone || phone.length > ADDRESS_LIMITS.phone) out.phone = addressMessages.phone;
  const alamat = a.alamat.trim();
  if (!alamat || alamat.length > ADDRESS_LIMITS.alamat) out.alamat = addressMessages.alamat;
  if (!VILLAGE_CODE.test(a.kelurahan_id)) out.kelurahan_id = addressMessages.kelurahan;
  const kodePos = (a.kode_pos ?? '').trim();
  if (kodePos && !POSTAL_CODE.test(kodePos)) out.kode_pos = addressMessages.kodePos;
  return out;
}
