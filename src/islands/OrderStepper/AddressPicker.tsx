import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $addresses, type SavedAddress } from '../../stores/addresses';
import { AddressModal } from '../AddressBook/AddressModal';
import { Modal } from '../AddressBook/Modal';

export { addressErrors } from '../../lib/schemas/address-rules';
export type { SavedAddress } from '../../stores/addresses';
export { type AddressFields, AddressFieldsForm, emptyFields } from '../AddressBook/AddressFields';
export { Modal } from '../AddressBook/Modal';

/**
 * The address-picker modal (spec/001 §2): the saved addresses of $addresses (the same list as
 * /account/address) with an Add button that opens the shared address modal; a new address is chosen.
 */
export function AddressPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (address: SavedAddress) => void }) {
  const addresses = useStore($addresses) ?? [];
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Modal open={open && !adding} onClose={onClose} title="Pilih Alamat Pengiriman" id="dlg-pilih-alamat">
        {addresses.length === 0 && <p className="muted">Belum ada alamat tersimpan.</p>}
        <ul className="address-list">
          {addresses.map((a) => (
            <li key={a.public_id}>
              <button type="button" className="outline address-option" onClick={() => onPick(a)}>
                <strong>{a.label}</strong> {a.is_default && <span className="badge badge-success">Default</span>}
                <br />
                {a.nama} · {a.phone}
                <br />
                <span className="muted">
                  {a.alamat}, {a.kelurahan}, Kec. {a.kecamatan}, {a.kota}, {a.provinsi} {a.kode_pos ?? ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <footer className="step-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Tutup
          </button>
          <button type="button" onClick={() => setAdding(true)}>
            Tambah Alamat
          </button>
        </footer>
      </Modal>
      <AddressModal
        open={open && adding}
        onClose={() => setAdding(false)}
        onSaved={(publicId) => {
          const saved = $addresses.get()?.find((r) => r.public_id === publicId);
          if (saved) onPick(saved);
        }}
      />
    </>
  );
}
