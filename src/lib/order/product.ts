/** A product (barang) as the order screens get it (spec/001 §3 Product). */
export interface Product {
  public_id: string;
  nama: string;
  harga: number;
  value: number;
  berat: number;
  dpp: number;
  persen_ppn: number;
  deskripsi: string;
  gambars: { lokasi: string }[];
}

/** A selected item line (spec/001 §3): the product's figures and a quantity. */
export type SelectedLine = Omit<Product, 'deskripsi' | 'gambars'> & { qty: number };
