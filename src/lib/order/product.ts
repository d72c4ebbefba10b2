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

/**
 * A saved cart (kept between visits) with the figures of today's catalogue: a price that changed
 * since the lines were chosen shows as it will be charged. Lines of goods no longer listed stay
 * as they are (the server refuses them by name). Answers `lines` itself when nothing changed.
 */
export function repriceLines(lines: SelectedLine[], products: readonly Product[]): SelectedLine[] {
  let changed = false;
  const next = lines.map((line) => {
    const p = products.find((x) => x.public_id === line.public_id);
    if (!p) return line;
    const { harga, value, berat, dpp, persen_ppn, nama } = p;
    if (
      harga === line.harga &&
      value === line.value &&
      berat === line.berat &&
      dpp === line.dpp &&
      persen_ppn === line.persen_ppn &&
      nama === line.nama
    )
      return line;
    changed = true;
    return { ...line, nama, harga, value, berat, dpp, persen_ppn };
  });
  return changed ? next : lines;
}
