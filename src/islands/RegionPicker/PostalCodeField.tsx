import { useState } from 'react';
import { addressMessages } from '../../lib/schemas/address-rules';
import '../../styles/pico/forms.scss';

/**
 * The postal code beside the region cascade: filled from the chosen village and read-only when
 * src/server/data/kodepos-desa.csv knows it; typed (5 digits, checked on leaving) when it does not.
 */
export function PostalCodeField({
  id,
  name,
  label,
  value,
  known,
  error,
  onChange,
}: {
  id: string;
  name?: string | undefined;
  label: string;
  value: string;
  known: boolean;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const [checked, setChecked] = useState<string | undefined>();
  const shown = checked ?? error;
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        readOnly={known}
        inputMode="numeric"
        maxLength={5}
        autoComplete="postal-code"
        placeholder={known ? undefined : '5 digit'}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(e) => {
          onChange(e.target.value.replace(/\D/g, '').slice(0, 5));
          setChecked(undefined);
        }}
        onBlur={(e) => setChecked(e.target.value && !/^\d{5}$/.test(e.target.value) ? addressMessages.kodePos : undefined)}
      />
      <small id={`${id}-error`} className="field-error" aria-live="polite">
        {shown}
      </small>
    </div>
  );
}
