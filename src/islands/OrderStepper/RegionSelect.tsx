import { useEffect, useState } from 'react';
import { call } from './api';

export interface RegionOption { id: string; name: string; zip_code?: string | null }

/** The options of one level of the region cascade; empty until its parent is chosen. */
export function useRegionOptions(url: string, param: string | null, parent: string): RegionOption[] {
  const [options, setOptions] = useState<RegionOption[]>([]);
  useEffect(() => {
    let live = true;
    if (param && !parent) {
      setOptions([]);
      return;
    }
    call<RegionOption[]>('POST', url, param ? { [param]: parent } : {})
      .then((rows) => { if (live) setOptions(rows); })
      // Region fetch errors are only logged (spec/001 §8).
      .catch((error: unknown) => { console.error(error); if (live) setOptions([]); });
    return () => { live = false; };
  }, [url, param, parent]);
  return options;
}

interface Props {
  id: string;
  label: string;
  value: string;
  options: RegionOption[];
  error?: string | undefined;
  onChange: (value: string, option?: RegionOption) => void;
  onBlur?: () => void;
}

export function RegionSelect({ id, label, value, options, error, onChange, onBlur }: Props) {
  const known = options.some((o) => o.id === value);
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={known ? value : ''} aria-invalid={error ? true : undefined} aria-describedby={`${id}-error`}
        onBlur={onBlur} onChange={(e) => onChange(e.target.value, options.find((o) => o.id === e.target.value))}>
        <option value="">-</option>
        {options.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
      </select>
      <small id={`${id}-error`} className="field-error" aria-live="polite">{error}</small>
    </div>
  );
}
