import { useEffect, useState } from 'react';
import { addressErrors } from '../../lib/schemas/address-rules';
import type { SavedAddress } from '../../stores/addresses';
import { notify } from '../../stores/toasts';
import type { ApiError } from '../OrderStepper/api';
import { AddressFieldsForm, emptyFields, fieldsOf } from './AddressFields';
import { deleteAddress, saveAddress } from './address-book';
import { Modal } from './Modal';
import '../../styles/pico/forms.scss';
import '../../styles/pico/checkbox.scss';

/**
 * The address modal (spec/001 §2, §5 Address form) of the address page and the stepper: adds an
 * address, or with `editing` changes or deletes one (deleting asks first). The rules are those of
 * AddressSchema (src/lib/schemas/address-rules.ts); the server checks them again.
 */
export function AddressModal({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing?: SavedAddress | undefined;
  onClose: () => void;
  onSaved?: (publicId: string) => void;
}) {
  const [fields, setFields] = useState(emptyFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFields(editing ? fieldsOf(editing) : emptyFields());
    setErrors({});
    setFailure(null);
    setConfirming(false);
  }, [open, editing]);

  async function run(work: () => Promise<string>): Promise<void> {
    setBusy(true);
    setFailure(null);
    try {
      notify(await work());
    } catch (error) {
      const e = error as ApiError;
      setErrors(e.errors ?? {});
      setFailure(e.message);
    } finally {
      setBusy(false);
    }
  }

  /** Typing: each field's error clears as soon as that field is valid (the others stay until Simpan). */
  function change(next: typeof fields): void {
    setFields(next);
    if (Object.keys(errors).length === 0) return;
    const still = addressErrors(next, true);
    setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name in still)));
  }

  function save(): void {
    const found = addressErrors(fields, true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      const saved = await saveAddress(editing?.public_id, { ...fields, kode_pos: fields.kode_pos || undefined });
      onSaved?.(saved.public_id);
      onClose();
      return saved.message;
    });
  }

  function remove(): void {
    if (!editing) return;
    void run(async () => {
      const message = await deleteAddress(editing.public_id);
      onClose();
      return message;
    });
  }

  return (
    <Modal open={open} onClose={onClose} title={editing ? 'Ubah Alamat' : 'Tambah Alamat'} id="dlg-alamat">
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}
      <AddressFieldsForm value={fields} onChange={change} errors={errors} withLabel prefix="a" />
      {!editing?.is_default && (
        <label>
          <input
            type="checkbox"
            // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox drawn as a switch: its checked state is the native one (ARIA in HTML: no aria-checked on input type=checkbox)
            role="switch"
            checked={fields.is_default}
            onChange={(e) => change({ ...fields, is_default: e.target.checked })}
          />{' '}
          Jadikan alamat default
        </label>
      )}
      {confirming ? (
        <div className="alert alert-warning" role="alertdialog" aria-labelledby="dlg-alamat-confirm">
          <p id="dlg-alamat-confirm">Hapus alamat {editing?.label}?</p>
          <footer className="step-actions">
            <button type="button" className="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Batal
            </button>
            <button type="button" className="danger" onClick={remove} disabled={busy} aria-busy={busy || undefined}>
              Ya, hapus
            </button>
          </footer>
        </div>
      ) : (
        <footer className="step-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Tutup
          </button>
          {editing && (
            <button type="button" className="danger" onClick={() => setConfirming(true)}>
              Hapus
            </button>
          )}
          <button type="button" onClick={save} disabled={busy} aria-busy={busy || undefined}>
            Simpan
          </button>
        </footer>
      )}
    </Modal>
  );
}
