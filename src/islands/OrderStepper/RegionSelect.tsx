import { useEffect, useState } from 'react';
import { RegionCombobox, type RegionOption } from '../RegionPicker/RegionCombobox';
import { call } from './api';
import '../RegionPicker/combobox.css';

export type { RegionOption };

/** The options of one level of the region cascade; empty until its parent is chosen. */
export function useRegionOptions(url: string, param: string | null, parent: string): RegionOption[] {
  const [options, setOptions] = useState<RegionOption[]>([]);
  useEffect(() => {
    let live = true;
    if (param && !parent) {
      setOptions([]);
      return;
    }
    setOptions([]); // never the previous parent's list while the new one loads
    call<RegionOption[]>('POST', url, param ? { [param]: parent } : {})
      .then((rows) => {
        if (live) setOptions(rows);
      })
      // Region fetch errors are only logged (spec/001 §8).
      .catch((error: unknown) => {
        console.error(error);
        if (live) setOptions([]);
      });
    return () => {
      live = false;
    };
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

/** One level of the stepper's region cascade: the shared searchable combobox (src/islands/RegionPicker). */
export function RegionSelect(props: Props) {
  return <RegionCombobox {...props} />;
}
