import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ShipTo } from '../../stores/order-form';
import { ApiError, call, notify } from './api';
import { useStepper } from './context';
import { RegionSelect, useRegionOptions } from './RegionSelect';

export interface SavedAddress extends ShipTo {
  public_id: string;
  label: string;
  provinsi: string;
  kota: string;
  kecamatan: string;
  kelurahan: string;
  is_default: boolean;
}

/** A native modal dialog driven by `open`; Esc asks the owner to close it (onClose). */
export function Modal({ open, onClose, title, id, children }: { open: boolean; onClose: () => void; title: string; id: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} id={id} aria-labelledby={`${id}-title`} onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <article>
        <h2 id={`${id}-title`} className="step-title">{title}</h2>
        {children}
      </article>
    </dialog>
  );
}

interface AddressFields {
  label: string; nama: string; phone: string; alamat: string;
  provinsi_id: string; kota_id: string; kecamatan_id: string; kelurahan_id: string; kode_pos: string; is_default: boolean;
}
const emptyFields = (): AddressFields => ({ label: '', nama: '', phone: '', alamat: '', provinsi_id: '', kota_id: '', kecamatan_id: '', kelurahan_id: '', kode_pos: '', is_default: false });

/**
 * The ship-to fields with the region cascade (spec/001 §2 Address modal): the address modal's
 * body, and on the referral page the typed ship-to (without label and default switch).
 */
export function AddressFieldsForm({ value, onChange, errors, withLabel, prefix }: {
  value: AddressFields; onChange: (v: AddressFields) => void; errors: Record<string, string>; withLabel: boolean; prefix: string;
}) {
  const { api } = useStepper();
  const provinces = useRegionOptions(api.province, null, '');
  const cities = useRegionOptions(api.city, 'province_id', value.provinsi_id);
  const districts = useRegionOptions(api.district, 'city_id', value.kota_id);
  const villages = useRegionOptions(api.subdistrict, 'district_id', value.kecamatan_id);
  const set = (patch: Partial<AddressFields>) => onChange({ ...value, ...patch });
  const input = (key: 'label' | 'nama' | 'phone', label: string, extra: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`${prefix}-${key}`}>{label}</label>
      <input id={`${prefix}-${key}`} value={value[key]} aria-invalid={errors[key] ? true : undefined} aria-describedby={`${prefix}-${key}-error`}
        onChange={(e) => set({ [key]: key === 'phone' ? e.target.value.replace(/\D/g, '').slice(0, 14) : e.target.value })} {...extra} />
      <small id={`${prefix}-${key}-error`} className="field-error" aria-live="polite">{errors[key]}</small>
    </div>
  );
  return (
    <div className="grid-form">
      {withLabel && input('label', 'Label', { maxLength: 40, placeholder: 'Rumah, Kantor' })}
      {input('nama', 'Nama Penerima', { maxLength: 60 })}
      {input('phone', 'Nomor Telepon', { inputMode: 'tel' })}
      <RegionSelect id={`${prefix}-prov`} label="Provinsi" value={value.provinsi_id} options={provinces}
        onChange={(v) => set({ provinsi_id: v, kota_id: '', kecamatan_id: '', kelurahan_id: '', kode_pos: '' })} />
      <RegionSelect id={`${prefix}-kota`} label="Kota/Kabupaten" value={value.kota_id} options={cities}
        onChange={(v) => set({ kota_id: v, kecamatan_id: '', kelurahan_id: '', kode_pos: '' })} />
      <RegionSelect id={`${prefix}-kec`} label="Kecamatan" value={value.kecamatan_id} options={districts}
        onChange={(v) => set({ kecamatan_id: v, kelurahan_id: '', kode_pos: '' })} />
      <RegionSelect id={`${prefix}-kel`} label="Kelurahan" value={value.kelurahan_id} options={villages} error={errors.kelurahan_id}
        onChange={(v, o) => set({ kelurahan_id: v, kode_pos: o?.zip_code ?? '' })} />
      <div>
        <label htmlFor={`${prefix}-kodepos`}>Kode Pos</label>
        <input id={`${prefix}-kodepos`} value={value.kode_pos} readOnly />
      </div>
      <div className="span-2">
        <label htmlFor={`${prefix}-alamat`}>Alamat Lengkap</label>
        <textarea id={`${prefix}-alamat`} rows={2} maxLength={300} value={value.alamat} aria-invalid={errors.alamat ? true : undefined}
          aria-describedby={`${prefix}-alamat-error`} onChange={(e) => set({ alamat: e.target.value })} />
        <small id={`${prefix}-alamat-error`} className="field-error" aria-live="polite">{errors.alamat}</small>
      </div>
    </div>
  );
}

/**
 * The address form's required fields with the messages of src/lib/schemas/address.ts (spec/001
 * §5 Address form), checked here without zod; POST /member/shipping-address checks AddressSchema.
 */
export const shipToMessages = {
  label: 'Masukkan label pengiriman',
  nama: 'Masukkan nama penerima',
  phone: 'Masukkan nomor telepon',
  alamat: 'Alamat lengkap pengiriman tidak boleh kosong',
  kelurahan_id: 'Pilih kelurahan',
} as const;

export function addressErrors(fields: AddressFields, withLabel: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (withLabel && !fields.label.trim()) out.label = shipToMessages.label;
  if (!fields.nama.trim()) out.nama = shipToMessages.nama;
  if (!fields.phone.replace(/\D/g, '')) out.phone = shipToMessages.phone;
  if (!/^\d{2}\.\d{2}\.\d{2}\.\d{4}$/.test(fields.kelurahan_id)) out.kelurahan_id = shipToMessages.kelurahan_id;
  if (!fields.alamat.trim()) out.alamat = shipToMessages.alamat;
  return out;
}

/** The add-address modal (spec/001 §2): POST /member/shipping-address, then the new address is chosen. */
function AddressModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: (publicId: string) => void }) {
  const { api } = useStepper();
  const [fields, setFields] = useState(emptyFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save() {
    const found = addressErrors(fields, true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const result = await call<{ public_id: string }>('POST', api.addresses!, { ...fields, kode_pos: fields.kode_pos || undefined });
      setFields(emptyFields());
      notify('Alamat berhasil disimpan');
      onSaved(result.public_id);
    } catch (error) {
      const e = error as ApiError;
      setErrors(e.errors ?? {});
      notify(e.message, 'danger');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Tambah Alamat" id="dlg-alamat-baru">
      <AddressFieldsForm value={fields} onChange={setFields} errors={errors} withLabel prefix="a" />
      <label><input type="checkbox" role="switch" checked={fields.is_default} onChange={(e) => setFields({ ...fields, is_default: e.target.checked })} /> Jadikan alamat default</label>
      <footer className="step-actions">
        <button type="button" className="secondary" onClick={onClose}>Tutup</button>
        <button type="button" onClick={() => void save()} disabled={saving} aria-busy={saving || undefined}>Simpan</button>
      </footer>
    </Modal>
  );
}

/**
 * The address-picker modal (spec/001 §2): the saved addresses (GET /member/shipping-address)
 * with an Add button that opens the address modal.
 */
export function AddressPicker({ open, onClose, onPick, addresses, reload }: {
  open: boolean; onClose: () => void; onPick: (address: SavedAddress) => void; addresses: SavedAddress[]; reload: () => Promise<SavedAddress[]>;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Modal open={open && !adding} onClose={onClose} title="Pilih Alamat Pengiriman" id="dlg-pilih-alamat">
        {addresses.length === 0 && <p className="muted">Belum ada alamat tersimpan.</p>}
        <ul className="address-list">
          {addresses.map((a) => (
            <li key={a.public_id}>
              <button type="button" className="outline address-option" onClick={() => onPick(a)}>
                <strong>{a.label}</strong> {a.is_default && <span className="badge badge-success">Default</span>}<br />
                {a.nama} · {a.phone}<br />
                <span className="muted">{a.alamat}, {a.kelurahan}, Kec. {a.kecamatan}, {a.kota}, {a.provinsi} {a.kode_pos ?? ''}</span>
              </button>
            </li>
          ))}
        </ul>
        <footer className="step-actions">
          <button type="button" className="secondary" onClick={onClose}>Tutup</button>
          <button type="button" onClick={() => setAdding(true)}>Tambah Alamat</button>
        </footer>
      </Modal>
      <AddressModal open={open && adding} onClose={() => setAdding(false)} onSaved={async (publicId) => {
        setAdding(false);
        const rows = await reload();
        const saved = rows.find((r) => r.public_id === publicId);
        if (saved) onPick(saved);
      }} />
    </>
  );
}

export { emptyFields, type AddressFields };
