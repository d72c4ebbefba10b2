import { useStore } from '@nanostores/react';
import { type MouseEvent, useEffect, useState } from 'react';
import { $addresses, type SavedAddress } from '../../stores/addresses';
import { AddressModal } from './AddressModal';
import '../RegionPicker/combobox.css';

/**
 * The address page's book (spec/001 §2 addresses): the cards as the server rendered them, then
 * $addresses after each save or delete. "Tambah Alamat" and ✎ are links to ?add=1 / ?edit=ID
 * (the server's form, without JavaScript); here they open the shared address modal instead.
 */
export default function AddressBook({ initial }: { initial: SavedAddress[] }) {
  const stored = useStore($addresses);
  const addresses = stored ?? initial;
  const [modal, setModal] = useState<{ editing?: SavedAddress } | null>(null);
  useEffect(() => {
    if ($addresses.get() === null) $addresses.set(initial);
  }, [initial]);

  const open = (editing?: SavedAddress) => (event: MouseEvent) => {
    event.preventDefault();
    setModal(editing ? { editing } : {});
  };

  return (
    <>
      <p>
        {/* biome-ignore lint/a11y/useSemanticElements: a GET link that works without JavaScript (?add=1), drawn as a Pico button; the island opens the dialog in place */}
        <a href="?add=1" role="button" onClick={open()}>
          Tambah Alamat
        </a>
      </p>
      {addresses.length === 0 && <p className="muted">Belum ada alamat tersimpan.</p>}
      <div className="grid-cards">
        {addresses.map((a) => (
          <article className="address-card" data-label={a.label} key={a.public_id}>
            <header>
              <strong>{a.label}</strong> {a.is_default && <span className="badge badge-success">Default</span>}
              <a
                href={`?edit=${a.public_id}`}
                style={{ float: 'right' }}
                aria-label={`Ubah alamat ${a.label}`}
                title="Ubah"
                onClick={open(a)}
              >
                ✎
              </a>
            </header>
            <p style={{ margin: 0 }}>
              <strong>{a.nama}</strong> · {a.phone}
              <br />
              {a.kota}
            </p>
            <p className="muted" style={{ margin: 0 }}>
              {a.alamat}, {a.kelurahan}, Kec. {a.kecamatan}, {a.kota}, {a.provinsi} {a.kode_pos ?? ''}
            </p>
          </article>
        ))}
      </div>
      <AddressModal open={modal !== null} editing={modal?.editing} onClose={() => setModal(null)} />
    </>
  );
}
