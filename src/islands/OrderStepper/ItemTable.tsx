import { rupiah } from '../../lib/money-format';
import type { CartLine } from '../../stores/order-form';

/** The cart as a table (package, qty, BV, price, totals), shown on the delivery and payment steps. */
export function ItemTable({ lines }: { lines: CartLine[] }) {
  const totalQty = lines.reduce((s, l) => s + l.qty, 0);
  const totalBv = lines.reduce((s, l) => s + l.qty * l.value, 0);
  const total = lines.reduce((s, l) => s + l.qty * l.harga, 0);
  return (
    <div className="table-wrap">
      <table className="striped item-table">
        <thead>
          <tr>
            <th>Paket</th>
            <th>Qty</th>
            <th>BV</th>
            <th>Harga</th>
            <th>Total</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.public_id}>
              <td>{l.nama}</td>
              <td>{l.qty}</td>
              <td>{l.qty * l.value}</td>
              <td>{rupiah(l.harga)}</td>
              <td>{rupiah(l.qty * l.harga)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total</th>
            <th>{totalQty}</th>
            <th>{totalBv}</th>
            <th></th>
            <th>{rupiah(total)}</th>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
