import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { getResult } from '../../lib/member-fetch';
import { $treeQuery } from '../../stores/tree-query';
import '../../styles/tree.css';
import '../../styles/pico/forms.scss';

interface Props {
  tab: 'pohon' | 'folder';
  level: number;
  maxLevel: number;
  value: string;
}

interface Option {
  id_member: string;
  nama: string;
}

const ID = /^\d{10,}$/;

/**
 * "Cari ID/Nama" (spec/000 §5): a full ID (10 or more digits) opens at once; a name lists the
 * own downline after 3 characters and a 300 ms pause (ARIA combobox). Without JavaScript it is
 * the GET form the server answers, names included.
 */
export default function TreeSearch({ tab, level: initialLevel, maxLevel, value: initialValue }: Props) {
  const [value, setValue] = useState(initialValue);
  const [level, setLevel] = useState(initialLevel);
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const [ready, setReady] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef('');
  useEffect(() => setReady(true), []);

  const choose = (cariId: string, lvl = level) => {
    clearTimeout(timer.current);
    setOpen(false);
    setActive(-1);
    $treeQuery.set({ cariId, level: tab === 'folder' ? 2 : lvl });
  };

  const onInput = (text: string) => {
    setValue(text);
    clearTimeout(timer.current);
    const term = text.trim();
    if (ID.test(term)) {
      choose(term);
      return;
    }
    if (term.length < 3 || /^\d+$/.test(term)) {
      setOpen(false);
      setOptions([]);
      return;
    }
    timer.current = setTimeout(async () => {
      asked.current = term;
      try {
        const found = await getResult<Option[]>(`/member/opt/downline?search=${encodeURIComponent(term)}`);
        if (asked.current !== term) return;
        setOptions(found);
        setActive(-1);
        setOpen(true);
        setStatus(found.length ? `${found.length} member ditemukan` : 'No data');
      } catch (err) {
        setStatus((err as Error).message);
      }
    }, 300);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && options.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % options.length);
    } else if (e.key === 'ArrowUp' && options.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      const pick = options[active]!;
      setValue(pick.id_member);
      choose(pick.id_member);
    }
  };

  const onSubmit = (e: FormEvent) => {
    const term = value.trim();
    // A name with one match opens it here; other names go to the server, which lists the matches.
    const single = options.length === 1 && !/^\d+$/.test(term) ? options[0]!.id_member : null;
    if (!ready || (!ID.test(term) && !single && term !== '')) return;
    e.preventDefault();
    choose(single ?? term);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark on the GET form itself keeps the .tree-nav flex row (a <search> wrapper would add a box around it)
    <form method="get" action="/report/tree" className="tree-nav no-print" role="search" onSubmit={onSubmit}>
      {tab === 'folder' && <input type="hidden" name="tab" value="folder" />}
      <div className="combo" style={{ flex: '1 1 14rem' }}>
        <label htmlFor="cariId">Cari ID/Nama</label>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: WAI-ARIA combobox pattern (role="combobox" with aria-expanded, set once the island runs; before that it is the GET form's text field) */}
        <input
          id="cariId"
          name="cariId"
          autoComplete="off"
          placeholder="Cari ID/Nama"
          value={value}
          role={ready ? 'combobox' : undefined}
          aria-autocomplete={ready ? 'list' : undefined}
          aria-expanded={ready ? open : undefined}
          aria-controls={ready ? 'cari-options' : undefined}
          aria-activedescendant={open && active >= 0 ? `cari-option-${active}` : undefined}
          onChange={(e) => onInput(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        {ready && (
          <ul
            id="cari-options"
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA combobox pattern (the popup is a ul role="listbox")
            role="listbox"
            aria-label="Hasil pencarian member"
            className="combo-list"
            hidden={!open || options.length === 0}
          >
            {options.map((o, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: WAI-ARIA combobox pattern (li role="option" with aria-selected; focus stays in the input, the arrow keys move aria-activedescendant, Enter chooses)
              <li
                key={o.id_member}
                id={`cari-option-${i}`}
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA combobox pattern (li role="option" in the ul role="listbox")
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setValue(o.id_member);
                  choose(o.id_member);
                }}
              >
                <strong>{o.nama}</strong> <small>{o.id_member}</small>
              </li>
            ))}
          </ul>
        )}
        <span className="sr-only" role="status">
          {status}
        </span>
      </div>
      {tab === 'pohon' && (
        <div>
          <label htmlFor="level">Level</label>
          <select
            id="level"
            name="level"
            value={level}
            onChange={(e) => {
              const lvl = Number(e.target.value);
              setLevel(lvl);
              if (ready) $treeQuery.set({ cariId: null, level: lvl });
            }}
          >
            {Array.from({ length: maxLevel }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n} Level
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit">Cari</button>
    </form>
  );
}
