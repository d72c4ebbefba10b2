/** Return rules shared by the server and the page script (no zod here: it ships to the browser). */

/** Messages of spec/001 §5 (return create form, waybill form), word for word. */
export const returMessages = {
  invoice: 'Pilih Invoice',
  deskripsi: 'Alasan harus diisi',
  qty: 'Masukkan Qty',
  max: (n: number) => `Max ${n}`,
  files: 'Anda harus upload 3 gambar/video',
  video: 'File size video maksimal 5MB',
  image: 'File size gambar maksimal 500KB',
  fileType: 'File harus berupa gambar (JPG, PNG, WebP, GIF) atau video (MP4)',
  address: 'Pilih Alamat',
  noItems: 'Tidak ada item diretur',
  ekspedisi: 'Pilih Ekspedisi',
  resi: 'Masukkan Nomor Resi',
} as const;

/** Spec/001 §9: exactly 3 files; video at most 5,000,000 bytes, image at most 1,000,000 bytes. */
export const RETUR_FILE_COUNT = 3;
export const RETUR_VIDEO_MAX_BYTES = 5_000_000;
export const RETUR_IMAGE_MAX_BYTES = 1_000_000;
export const RETUR_PAGE_SIZE = 20;

/** Couriers of the waybill form (spec/001 §5). */
export const RETUR_COURIERS = [
  { code: 'pos', nama: 'POS Indonesia' },
  { code: 'jne', nama: 'JNE' },
  { code: 'jnt', nama: 'J&T' },
  { code: 'ninja', nama: 'Ninja Xpress' },
  { code: 'sicepat', nama: 'SiCepat' },
  { code: 'anteraja', nama: 'AnterAja' },
] as const;

export const RETUR_STATUS_LABELS: Record<string, string> = {
  PENDING: 'Menunggu Pemeriksaan',
  APPROVED: 'Disetujui',
  DELIVERY: 'Dalam Pengiriman',
  RECEIVED: 'Diterima',
  DONE: 'Selesai',
  REJECTED: 'Ditolak',
};

/** The size rule of one evidence file of the given kind, or its message (client and server). */
export function fileSizeError(kind: 'image' | 'video', size: number): string | null {
  if (kind === 'video') return size > RETUR_VIDEO_MAX_BYTES ? returMessages.video : null;
  return size > RETUR_IMAGE_MAX_BYTES ? returMessages.image : null;
}
