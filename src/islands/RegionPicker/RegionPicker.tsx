import { useEffect, useRef, useState } from 'react';
import { PostalCodeField } from './PostalCodeField';
import { RegionCombobox, type RegionOption } from './RegionCombobox';
import './combobox.css';
import '../../styles/pico/forms.scss';

export type RegionKey = 'provinsi' | 'kota' | 'kecamatan' | 'kelurahan';

/** The /member call listing a level's options from its parent's code. */
const SOURCE: Record<RegionKey, { url: string; param: string } | null> = {
  provinsi: null,
  kota: { url: '/member/shipping-city', param: 'province_id' },
  kecamatan: { url: '/member/shipping-district', param: 'city_id' },
  kelurahan: { url: '/member/shipping-subdistrict', param: 'district_id' },
};

export interface PickerLevel {
  key: RegionKey;
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly RegionOption[];
  required?: string;
  error?: string;
  focusLater?: boolean;
}

export interface PickerPostal {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
}

async function listOptions(key: RegionKey, parent: string): Promise<RegionOption[]> {
  const source = SOURCE[key];
  if (!source || !parent) return [];
  const response = await fetch(source.url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ [source.param]: parent }),
  });
  if (!response.ok) throw new Error(`${source.url}: ${response.status}`);
  return ((await response.json()) as { result: RegionOption[] }).result;
}

/**
 * The region cascade of a server-rendered form (profile, address book, return form, cek-ongkir):
 * province → city → district → village comboboxes posting their codes under the page's field
 * names; changing one level clears the levels below it (spec/000 §5). With a postal field, a
 * village with a known code fills it; one without lets the member type the 5 digits.
 */
export default function RegionPicker({ levels, postal }: { levels: PickerLevel[]; postal?: PickerPostal }) {
  const [values, setValues] = useState(() => levels.map((l) => l.value));
  const [options, setOptions] = useState(() => levels.map((l) => l.options));
  const [zip, setZip] = useState(postal?.value ?? '');
  const loaded = useRef(levels.map((_, i) => (i === 0 ? '' : levels[i - 1]!.value)));
  // The server's HTML (and a browser without JavaScript) has plain selects that post the form;
  // the comboboxes take over once the island runs.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  // Each level below the first lists the children of the level above once that one changes.
  useEffect(() => {
    levels.forEach((level, i) => {
      if (i === 0) return;
      const parent = values[i - 1] ?? '';
      if (loaded.current[i] === parent) return;
      loaded.current[i] = parent;
      listOptions(level.key, parent)
        .then((rows) => {
          if (loaded.current[i] === parent) setOptions((all) => all.map((o, j) => (j === i ? rows : o)));
        })
        // Region fetch errors are only logged (spec/001 §8).
        .catch((error: unknown) => {
          console.error(error);
        });
    });
  }, [values, levels]);

  function change(index: number, value: string, option?: RegionOption): void {
    setValues((all) => all.map((v, j) => (j === index ? value : j > index ? '' : v)));
    // The levels below wait for their new list (never the old parent's).
    setOptions((all) => all.map((o, j) => (j > index ? [] : o)));
    if (postal) setZip(levels[index]?.key === 'kelurahan' ? (option?.zip_code ?? '') : '');
  }

  const village = levels.findIndex((l) => l.key === 'kelurahan');
  const villageZip = village >= 0 ? (options[village]?.find((o) => o.id === values[village])?.zip_code ?? null) : null;
  return (
    <>
      {levels.map((level, i) => (
        <div key={level.key} className="region-level">
          {!enhanced ? (
            <>
              <label htmlFor={level.id}>{level.label}</label>
              <select
                id={level.id}
                name={level.name}
                defaultValue={level.value}
                data-required={level.required}
                data-focus-later={level.focusLater ? '' : undefined}
                aria-invalid={level.error ? true : undefined}
                aria-describedby={`${level.id}-error`}
              >
                <option value="">-</option>
                {level.options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
              <small id={`${level.id}-error`} className="field-error" aria-live="polite">
                {level.error}
              </small>
            </>
          ) : (
            <RegionCombobox
              id={level.id}
              name={level.name}
              label={level.label}
              value={values[i] ?? ''}
              options={options[i] ?? []}
              required={level.required}
              error={values[i] === level.value ? level.error : undefined}
              focusLater={level.focusLater}
              onChange={(value, option) => change(i, value, option)}
            />
          )}
        </div>
      ))}
      {postal && (
        <div className="region-level">
          <PostalCodeField
            id={postal.id}
            name={postal.name}
            label={postal.label}
            value={villageZip ?? zip}
            known={enhanced && villageZip !== null}
            error={postal.error}
            onChange={setZip}
          />
        </div>
      )}
    </>
  );
}
