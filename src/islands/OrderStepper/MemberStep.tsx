import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { RANKS } from '../../lib/rank';
import {
  AGAMA,
  cleanNama,
  cleanNik,
  cleanUsername,
  EMAIL_PATTERN,
  formatPhoneInput,
  memberFieldErrors,
  memberMessages as msg,
  PHONE_COUNTRIES,
  type PhoneCountryCode,
  phoneError,
  STATUS_KAWIN,
  switchPhoneCountry,
} from '../../lib/schemas/order-member-rules';
import { UNDERCUTTING_WARNING } from '../../lib/undercutting';
import { USERNAME_MAX } from '../../lib/username';
import { $orderForm, completeStep, type MemberForm, setMemberField, stepData } from '../../stores/order-form';
import { type ApiError, call } from './api';
import { useStepper } from './context';
import { memberPayload } from './order-body';
import { RegionSelect, useRegionOptions } from './RegionSelect';
import '../../styles/pico/forms.scss';
import '../../styles/pico/group.scss';
import '../../styles/pico/checkbox.scss';
import '../../styles/pico/date.scss';

/** Payload keys → the inputs that show their messages. */
const FIELD_IDS: Record<string, string> = {
  nomor_identitas: 'm-nik',
  nama: 'm-nama',
  email: 'm-email',
  phone: 'm-phone',
  username: 'm-username',
  posisi: 'm-posisi',
  sisi: 'm-sisi',
  id_propinsi_domisili: 'm-prov-dom',
  id_kota_domisili: 'm-kota-dom',
  tgl_lahir: 'm-tgl-lahir',
  jenis_kelamin: 'm-gender',
  status_kawin: 'm-kawin',
  agama: 'm-agama',
  alamat: 'm-alamat',
  id_propinsi: 'm-prov',
  id_kota: 'm-kota',
  id_kecamatan: 'm-kec',
  kelurahan_id: 'm-kel',
  kode_pos: 'm-kodepos',
};

/** The field messages that need no server: the schema's, with the phone checked against the chosen country. */
function syncErrors(m: MemberForm): Record<string, string> {
  const errors = memberFieldErrors(memberPayload(m));
  const phone = phoneError(m.phoneNumber, m.phoneCountry);
  if (phone) errors.phone = phone;
  else delete errors.phone;
  return errors;
}

interface UsernameCheck {
  username: string;
  sugestion: string[];
  errorMessage: string | null;
}

function Field({
  id,
  label,
  error,
  children,
  wide,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'wide' : undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
      <small id={`${id}-error`} className="field-error" aria-live="polite">
        {error}
      </small>
    </div>
  );
}

export function MemberStep() {
  const { api } = useStepper();
  const form = useStore($orderForm);
  const m = stepData(form, 'member');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [emailCheck, setEmailCheck] = useState<{ email: string; ok: boolean } | null>(null);
  const [userCheck, setUserCheck] = useState<UsernameCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const provinces = useRegionOptions(api.province, null, '');
  const domCities = useRegionOptions(api.city, 'province_id', m.idPropinsiDomisili);
  const cities = useRegionOptions(api.city, 'province_id', m.idPropinsi);
  const districts = useRegionOptions(api.district, 'city_id', m.idKota);
  const villages = useRegionOptions(api.subdistrict, 'district_id', m.idKecamatan);

  const errors = syncErrors(m);
  if (!errors.email && emailCheck?.email === m.email.trim() && !emailCheck.ok) errors.email = msg.emailInvalid;
  if (!errors.username && userCheck?.username === m.username && userCheck.errorMessage) errors.username = userCheck.errorMessage;
  // The username's availability answer shows as soon as it comes (spec/001 §5), the rest once touched.
  const live = (key: string) => key === 'username' && userCheck?.username === m.username && Boolean(userCheck.errorMessage);
  const shown = (key: string): string | undefined => (submitted || touched[key] || live(key) ? errors[key] : undefined);
  const touch = (key: string) => () => setTouched((t) => ({ ...t, [key]: true }));
  const set =
    <K extends keyof MemberForm>(key: K) =>
    (value: MemberForm[K]) =>
      setMemberField(key, value);

  async function checkEmail(email: string): Promise<boolean> {
    if (!email || !EMAIL_PATTERN.test(email)) return false;
    if (emailCheck?.email === email) return emailCheck.ok;
    let ok = false;
    try {
      await call('POST', api.mailCheck, { email });
      ok = true;
    } catch {
      ok = false; // Any failure reads as an invalid email (spec/001 §7).
    }
    setEmailCheck({ email, ok });
    return ok;
  }

  async function checkUsername(username: string, fullName: string): Promise<UsernameCheck | null> {
    if (!username) return null;
    let result: UsernameCheck;
    try {
      const r = await call<{ sugestion?: string[]; errorMessage?: string | null } | null>('POST', api.usernameCheck, {
        check: { username, fullName },
      });
      result = { username, sugestion: r?.sugestion ?? [], errorMessage: r?.errorMessage || null };
    } catch (error) {
      const e = error as ApiError;
      result = { username, sugestion: [], errorMessage: e.message };
    }
    if (stepData($orderForm.get(), 'member').username === username) setUserCheck(result);
    return result;
  }

  // The availability check runs after a 500 ms pause in typing (spec/001 §9).
  function onUsername(raw: string) {
    const username = cleanUsername(raw);
    set('username')(username);
    clearTimeout(timer.current);
    if (username) timer.current = setTimeout(() => void checkUsername(username, stepData($orderForm.get(), 'member').nama), 500);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  async function next() {
    setSubmitted(true);
    setChecking(true);
    try {
      const bad = new Set(Object.keys(syncErrors(m)));
      if (!bad.has('email') && !(await checkEmail(m.email.trim()))) bad.add('email');
      if (!bad.has('username')) {
        const user = userCheck?.username === m.username ? userCheck : await checkUsername(m.username, m.nama);
        if (user?.errorMessage) bad.add('username');
      }
      if (bad.size > 0 || !m.kodeEtik) {
        const first = Object.keys(FIELD_IDS).find((k) => bad.has(k));
        if (first) document.getElementById(FIELD_IDS[first]!)?.focus();
        return;
      }
      completeStep('member');
    } finally {
      setChecking(false);
    }
  }

  const aria = (key: string) => ({ 'aria-invalid': shown(key) ? true : undefined, 'aria-describedby': `${FIELD_IDS[key]}-error` }) as const;

  return (
    <section aria-labelledby="step-member-title">
      <h2 id="step-member-title" className="step-title">
        Data Calon Member
      </h2>
      <div className="grid-form">
        <Field id="m-nik" label="No. KTP/SIM" error={shown('nomor_identitas')}>
          <input
            id="m-nik"
            inputMode="numeric"
            maxLength={16}
            value={m.noIdentitas}
            {...aria('nomor_identitas')}
            onChange={(e) => set('noIdentitas')(cleanNik(e.target.value))}
            onBlur={touch('nomor_identitas')}
          />
        </Field>
        <Field id="m-nama" label="Nama Lengkap" error={shown('nama')}>
          <input
            id="m-nama"
            value={m.nama}
            maxLength={80}
            autoComplete="off"
            {...aria('nama')}
            onChange={(e) => set('nama')(cleanNama(e.target.value))}
            onBlur={touch('nama')}
          />
        </Field>
        <Field id="m-email" label="Email" error={shown('email')}>
          <input
            id="m-email"
            type="email"
            value={m.email}
            autoComplete="off"
            {...aria('email')}
            onChange={(e) => set('email')(e.target.value)}
            onBlur={() => {
              touch('email')();
              void checkEmail(m.email.trim());
            }}
          />
        </Field>
        <Field id="m-phone" label="Nomor WhatsApp" error={shown('phone')} wide>
          {/* biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring Pico's fieldset margins and min-inline-size into the row */}
          <div className="phone-row" role="group" aria-label="Nomor WhatsApp">
            <select
              id="m-phone-country"
              aria-label="Kode negara"
              value={m.phoneCountry}
              onChange={(e) => {
                const to = e.target.value as PhoneCountryCode;
                set('phoneNumber')(switchPhoneCountry(m.phoneNumber, m.phoneCountry, to));
                set('phoneCountry')(to);
              }}
            >
              {PHONE_COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  +{c.code} {c.negara}
                </option>
              ))}
            </select>
            <input
              id="m-phone"
              inputMode="tel"
              maxLength={20}
              value={m.phoneNumber}
              placeholder={`${m.phoneCountry} 8xx xxx xxx`}
              {...aria('phone')}
              onChange={(e) => set('phoneNumber')(formatPhoneInput(e.target.value, m.phoneCountry))}
              onBlur={touch('phone')}
            />
          </div>
        </Field>
        <Field id="m-username" label="Username" error={shown('username')}>
          <input
            id="m-username"
            value={m.username}
            maxLength={USERNAME_MAX}
            autoComplete="off"
            {...aria('username')}
            onChange={(e) => onUsername(e.target.value)}
            onBlur={touch('username')}
          />
          {userCheck?.username === m.username && userCheck.sugestion.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring Pico's fieldset margins and min-inline-size into the row
            <div className="suggestions" role="group" aria-label="Saran username">
              <span className="muted">Saran: </span>
              {userCheck.sugestion.map((s) => (
                <button key={s} type="button" className="chip" onClick={() => onUsername(s)}>
                  {s}
                </button>
              ))}
            </div>
          )}
        </Field>
        <Field id="m-posisi" label="Tipe Member" error={shown('posisi')}>
          <select
            id="m-posisi"
            value={m.posisi}
            {...aria('posisi')}
            onBlur={touch('posisi')}
            onChange={(e) => set('posisi')(e.target.value as MemberForm['posisi'])}
          >
            <option value="">-</option>
            {RANKS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <Field id="m-sisi" label="Sisi" error={shown('sisi')}>
          <select
            id="m-sisi"
            value={m.sisi}
            {...aria('sisi')}
            onBlur={touch('sisi')}
            onChange={(e) => set('sisi')(e.target.value as MemberForm['sisi'])}
          >
            <option value="">-</option>
            <option value="L">Kiri</option>
            <option value="R">Kanan</option>
          </select>
          {form.placement && m.sisi === form.placement.leg && (
            <small className="muted" data-testid="placement">
              Slot dipilih di pohon: di bawah {form.placement.upline_nama} ({form.placement.upline_id_member}), sisi{' '}
              {form.placement.sisi === 'L' ? 'Kiri' : 'Kanan'}
            </small>
          )}
        </Field>
        <RegionSelect
          id="m-prov-dom"
          label="Propinsi Domisili"
          value={m.idPropinsiDomisili}
          options={provinces}
          error={shown('id_propinsi_domisili')}
          onBlur={touch('id_propinsi_domisili')}
          onChange={(v) => {
            set('idPropinsiDomisili')(v);
            set('idKotaDomisili')('');
          }}
        />
        <RegionSelect
          id="m-kota-dom"
          label="Kabupaten / Kota Domisili"
          value={m.idKotaDomisili}
          options={domCities}
          error={shown('id_kota_domisili')}
          onBlur={touch('id_kota_domisili')}
          onChange={(v) => set('idKotaDomisili')(v)}
        />
        <Field id="m-tgl-lahir" label="Tanggal Lahir" error={shown('tgl_lahir')}>
          <input
            id="m-tgl-lahir"
            type="date"
            value={m.tglLahir}
            {...aria('tgl_lahir')}
            onChange={(e) => set('tglLahir')(e.target.value)}
            onBlur={touch('tgl_lahir')}
          />
        </Field>
        <Field id="m-gender" label="Jenis Kelamin" error={shown('jenis_kelamin')}>
          <select
            id="m-gender"
            value={m.jenisKelamin}
            {...aria('jenis_kelamin')}
            onBlur={touch('jenis_kelamin')}
            onChange={(e) => set('jenisKelamin')(e.target.value)}
          >
            <option value="">-</option>
            <option value="LAKI-LAKI">PRIA</option>
            <option value="PEREMPUAN">WANITA</option>
          </select>
        </Field>
        <Field id="m-kawin" label="Status Perkawinan" error={shown('status_kawin')}>
          <select
            id="m-kawin"
            value={m.statusKawin}
            {...aria('status_kawin')}
            onBlur={touch('status_kawin')}
            onChange={(e) => set('statusKawin')(e.target.value)}
          >
            <option value="">-</option>
            {STATUS_KAWIN.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Field id="m-agama" label="Agama" error={shown('agama')}>
          <select id="m-agama" value={m.agama} {...aria('agama')} onBlur={touch('agama')} onChange={(e) => set('agama')(e.target.value)}>
            <option value="">-</option>
            {AGAMA.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className="grid-form">
        <legend>Alamat</legend>
        <RegionSelect
          id="m-prov"
          label="Provinsi"
          value={m.idPropinsi}
          options={provinces}
          error={shown('id_propinsi')}
          onBlur={touch('id_propinsi')}
          onChange={(v) => {
            set('idPropinsi')(v);
            set('idKota')('');
            set('idKecamatan')('');
            set('kelurahanId')('');
          }}
        />
        <RegionSelect
          id="m-kota"
          label="Kota/Kabupaten"
          value={m.idKota}
          options={cities}
          error={shown('id_kota')}
          onBlur={touch('id_kota')}
          onChange={(v) => {
            set('idKota')(v);
            set('idKecamatan')('');
            set('kelurahanId')('');
          }}
        />
        <RegionSelect
          id="m-kec"
          label="Kecamatan"
          value={m.idKecamatan}
          options={districts}
          error={shown('id_kecamatan')}
          onBlur={touch('id_kecamatan')}
          onChange={(v) => {
            set('idKecamatan')(v);
            set('kelurahanId')('');
          }}
        />
        <RegionSelect
          id="m-kel"
          label="Kelurahan"
          value={m.kelurahanId}
          options={villages}
          error={shown('kelurahan_id')}
          onBlur={touch('kelurahan_id')}
          onChange={(v, o) => {
            set('kelurahanId')(v);
            if (o?.zip_code) set('kodePos')(o.zip_code);
          }}
        />
        <Field id="m-kodepos" label="Kode Pos" error={shown('kode_pos')}>
          <input
            id="m-kodepos"
            inputMode="numeric"
            maxLength={5}
            value={m.kodePos}
            {...aria('kode_pos')}
            onChange={(e) => set('kodePos')(e.target.value.replace(/\D/g, '').slice(0, 5))}
            onBlur={touch('kode_pos')}
          />
        </Field>
        <Field id="m-alamat" label="Alamat Lengkap" error={shown('alamat')}>
          <textarea
            id="m-alamat"
            rows={2}
            maxLength={300}
            value={m.alamat}
            {...aria('alamat')}
            onChange={(e) => set('alamat')(e.target.value)}
            onBlur={touch('alamat')}
          />
        </Field>
      </fieldset>
      <p className="alert alert-warning" id="undercutting-warning">
        {UNDERCUTTING_WARNING}
      </p>
      <label className="ethics">
        <input type="checkbox" id="m-kode-etik" checked={m.kodeEtik} onChange={(e) => set('kodeEtik')(e.target.checked)} /> Saya telah
        membaca dan menyetujui{' '}
        <a href="/info/kode-etik" target="_blank" rel="noopener">
          Kode Etik
        </a>{' '}
        member
      </label>
      <div className="step-actions">
        <span />
        <button type="button" onClick={() => void next()} disabled={!m.kodeEtik || checking} aria-busy={checking || undefined}>
          Next
        </button>
      </div>
    </section>
  );
}
