import { ADDRESS_LIMITS } from '../../lib/schemas/address-rules';
import type { SavedAddress } from '../../stores/addresses';
import { memberEndpoints } from '../OrderStepper/api';
import { RegionSelect, useRegionOptions } from '../OrderStepper/RegionSelect';
import { PostalCodeField } from '../RegionPicker/PostalCodeField';
import '../../styles/pico/forms.scss';

export interface AddressFields {
  label: string;
  nama: string;
  phone: string;
  alamat: string;
  provinsi_id: string;
  kota_id: string;
  kecamatan_id: string;
  kelurahan_id: string;
  kode_pos: string;
  is_default: boolean;
}
export const emptyFields = (): AddressFields => ({
  label: '',
  nama: '',
  phone: '',
  alamat: '',
  provinsi_id: '',
  kota_id: '',
  kecamatan_id: '',
  kelurahan_id: '',
  kode_pos: '',
  is_default: false,
});

export const fieldsOf = (a: SavedAddress): AddressFields => ({
  label: a.label,
  nama: a.nama,
  phone: a.phone,
  alamat: a.alamat,
  provinsi_id: a.provinsi_id,
  kota_id: a.kota_id,
  kecamatan_id: a.kecamatan_id,
  kelurahan_id: a.kelurahan_id,
  kode_pos: a.kode_pos ?? '',
  is_default: a.is_default,
});

export interface RegionEndpoints {
  province: string;
  city: string;
  district: string;
  subdistrict: string;
}

/**
 * The ship-to fields with the region cascade (spec/001 §2 Address modal): the address modal's
 * body, and on the referral page the typed ship-to (without label and default switch).
 */
export function AddressFieldsForm({
  value,
  onChange,
  errors,
  withLabel,
  prefix,
  api = memberEndpoints,
}: {
  value: AddressFields;
  onChange: (v: AddressFields) => void;
  errors: Record<string, string>;
  withLabel: boolean;
  prefix: string;
  api?: RegionEndpoints;
}) {
  const provinces = useRegionOptions(api.province, null, '');
  const cities = useRegionOptions(api.city, 'province_id', value.provinsi_id);
  const districts = useRegionOptions(api.district, 'city_id', value.kota_id);
  const villages = useRegionOptions(api.subdistrict, 'district_id', value.kecamatan_id);
  const set = (patch: Partial<AddressFields>) => onChange({ ...value, ...patch });
  const villageZip = villages.find((v) => v.id === value.kelurahan_id)?.zip_code ?? null;
  const input = (key: 'label' | 'nama' | 'phone', label: string, extra: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`${prefix}-${key}`}>{label}</label>
      <input
        id={`${prefix}-${key}`}
        value={value[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`${prefix}-${key}-error`}
        onChange={(e) => set({ [key]: key === 'phone' ? e.target.value.replace(/\D/g, '').slice(0, 14) : e.target.value })}
        {...extra}
      />
      <small id={`${prefix}-${key}-error`} className="field-error" aria-live="polite">
        {errors[key]}
      </small>
    </div>
  );
  return (
    <div className="grid-form">
      {withLabel && input('label', 'Label', { maxLength: ADDRESS_LIMITS.label, placeholder: 'Rumah, Kantor' })}
      {input('nama', 'Nama Penerima', { maxLength: ADDRESS_LIMITS.nama })}
      {input('phone', 'Nomor Telepon', { inputMode: 'tel' })}
      <RegionSelect
        id={`${prefix}-prov`}
        label="Provinsi"
        value={value.provinsi_id}
        options={provinces}
        onChange={(v) => set({ provinsi_id: v, kota_id: '', kecamatan_id: '', kelurahan_id: '', kode_pos: '' })}
      />
      <RegionSelect
        id={`${prefix}-kota`}
        label="Kota/Kabupaten"
        value={value.kota_id}
        options={cities}
        onChange={(v) => set({ kota_id: v, kecamatan_id: '', kelurahan_id: '', kode_pos: '' })}
      />
      <RegionSelect
        id={`${prefix}-kec`}
        label="Kecamatan"
        value={value.kecamatan_id}
        options={districts}
        onChange={(v) => set({ kecamatan_id: v, kelurahan_id: '', kode_pos: '' })}
      />
      <RegionSelect
        id={`${prefix}-kel`}
        label="Kelurahan"
        value={value.kelurahan_id}
        options={villages}
        error={errors.kelurahan_id}
        onChange={(v, o) => set({ kelurahan_id: v, kode_pos: o?.zip_code ?? '' })}
      />
      <PostalCodeField
        id={`${prefix}-kodepos`}
        label="Kode Pos"
        value={villageZip ?? value.kode_pos}
        known={villageZip !== null}
        error={errors.kode_pos}
        onChange={(kode_pos) => set({ kode_pos })}
      />
      <div className="span-2">
        <label htmlFor={`${prefix}-alamat`}>Alamat Lengkap</label>
        <textarea
          id={`${prefix}-alamat`}
          rows={2}
          maxLength={ADDRESS_LIMITS.alamat}
          value={value.alamat}
          aria-invalid={errors.alamat ? true : undefined}
          aria-describedby={`${prefix}-alamat-error`}
          onChange={(e) => set({ alamat: e.target.value })}
        />
        <small id={`${prefix}-alamat-error`} className="field-error" aria-live="polite">
          {errors.alamat}
        </small>
      </div>
    </div>
  );
}
