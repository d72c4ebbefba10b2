import { atom } from 'nanostores';

/** A saved shipping address as GET /member/shipping-address lists it (spec/001 §2). */
export interface SavedAddress {
  public_id: string;
  label: string;
  nama: string;
  phone: string;
  alamat: string;
  provinsi_id: string;
  provinsi: string;
  kota_id: string;
  kota: string;
  kecamatan_id: string;
  kecamatan: string;
  kelurahan_id: string;
  kelurahan: string;
  kode_pos: string | null;
  is_default: boolean;
}

/**
 * The member's address book, shared by the address page and the order stepper's picker: null
 * until loaded (the page seeds it with its server-rendered list), then the list after each
 * save or delete, so a change made in one island shows in the other and in the alerts bell.
 */
export const $addresses = atom<SavedAddress[] | null>(null);
