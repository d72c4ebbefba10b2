import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import '../../styles/pico/forms.scss';

export interface RegionOption {
  id: string;
  name: string;
  zip_code?: string | null;
}

interface Props {
  id: string;
  label: string;
  value: string;
  options: readonly RegionOption[];
  /** The chosen region's name while its list is not loaded yet (the server-rendered first HTML). */
  valueName?: string | undefined;
  error?: string | undefined;
  /** A form field carrying the chosen code (pages posting a form); islands read onChange. */
  name?: string | undefined;
  /** The message the layout's form check shows when nothing is chosen (data-required). */
  required?: string | undefined;
  focusLater?: boolean | undefined;
  onChange: (value: string, option?: RegionOption) => void;
  onBlur?: (() => void) | undefined;
}

const fold = (text: string): string =>
  text
    .toLocaleLowerCase('id')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * One level of the region cascade as an ARIA combobox with a list popup (WAI-ARIA APG
 * "editable combobox with list autocomplete"): typing filters the list, ↑/↓ move, Enter chooses,
 * Esc closes and puts back the chosen name. Leaving the field empty clears the choice.
 */
export function RegionCombobox({ id, label, value, options, valueName, error, name, required, focusLater, onChange, onBlur }: Props) {
  const chosen = options.find((o) => o.id === value);
  const chosenName = chosen?.name ?? (value ? (valueName ?? '') : '');
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The domicile redirect focuses this field 800 ms after the page started (spec/000 §2), on the
  // layout script's clock: an island that replaces the server's select after that moment takes the
  // focus over before the browser paints (layout effect), so the focus never visibly leaves.
  useLayoutEffect(() => {
    if (!focusLater) return;
    const focus = () => {
      const input = inputRef.current;
      if (!input || document.activeElement === input) return;
      const onScreen = input.getBoundingClientRect();
      if (onScreen.top < 0 || onScreen.bottom > window.innerHeight) input.scrollIntoView({ block: 'center' });
      input.focus();
    };
    const wait = 800 - performance.now();
    // Later: only when the focus went with the replaced select (never away from what the member chose since).
    if (wait <= 0) {
      if (!document.activeElement || document.activeElement === document.body) focus();
      return;
    }
    const timer = setTimeout(focus, wait);
    return () => clearTimeout(timer);
  }, [focusLater]);
  const listId = `${id}-list`;
  const hintId = useId();
  const shown = useMemo(() => {
    if (query === null || query === chosenName) return options;
    const needle = fold(query.trim());
    return needle ? options.filter((o) => fold(o.name).includes(needle)) : options;
  }, [options, query, chosenName]);

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  function choose(option: RegionOption | undefined): void {
    setOpen(false);
    setQuery(null);
    setActive(-1);
    if (option && option.id !== value) onChange(option.id, option);
  }

  function leave(): void {
    if (query !== null && query.trim() === '' && value) onChange('');
    else if (query !== null) {
      // A typed name that matches one region exactly is that region; anything else is put back.
      const exact = options.find((o) => fold(o.name) === fold(query.trim()));
      if (exact && exact.id !== value) onChange(exact.id, exact);
    }
    setOpen(false);
    setQuery(null);
    setActive(-1);
    onBlur?.();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((i) => Math.min(i + 1, shown.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i <= 0 ? shown.length - 1 : i - 1));
        break;
      case 'Home':
      case 'End':
        if (!open) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : shown.length - 1);
        break;
      case 'Enter':
        if (!open) return;
        event.preventDefault();
        choose(shown[active] ?? (shown.length === 1 ? shown[0] : undefined));
        break;
      case 'Escape':
        if (!open && query === null) return;
        event.preventDefault();
        setOpen(false);
        setQuery(null);
        setActive(-1);
        break;
    }
  }

  const empty = options.length === 0;
  return (
    <div className="combobox">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        value={query ?? chosenName}
        placeholder={empty ? '-' : 'Ketik untuk mencari'}
        aria-autocomplete="list"
        aria-expanded={open && shown.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 && shown[active] ? `${listId}-${shown[active].id}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error ${hintId}`}
        data-required={required}
        data-focus-later={focusLater ? '' : undefined}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onKeyDown}
        onBlur={leave}
      />
      {name !== undefined && <input type="hidden" name={name} value={value} />}
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA combobox pattern (the popup is a ul role="listbox")
        role="listbox"
        aria-label="Daftar pilihan"
        ref={listRef}
        className="combobox-list"
        hidden={!open || shown.length === 0}
      >
        {open &&
          shown.map((o, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: WAI-ARIA combobox pattern (li role="option" with aria-selected; focus stays in the input, the keys move aria-activedescendant, Enter chooses)
            <li
              key={o.id}
              id={`${listId}-${o.id}`}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA combobox pattern (li role="option" in the ul role="listbox")
              role="option"
              aria-selected={o.id === value}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(o)}
            >
              {o.name}
            </li>
          ))}
      </ul>
      <span id={hintId} hidden>
        {open && query !== null ? `${shown.length} pilihan` : ''}
      </span>
      <small id={`${id}-error`} className="field-error" aria-live="polite">
        {error}
      </small>
    </div>
  );
}
