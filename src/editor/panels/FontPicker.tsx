/**
 * Font picker: search, category tabs and a listbox whose rows preview each family in its own font
 * (loaded when the row scrolls into view). Premium (unlockType 1) families carry a PRO badge;
 * picking one is allowed, the editor marks the layer as needing pro. Disabled families are hidden.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FontCatalogueEntry } from '../../../engine/fonts/catalogue';
import { PICKER_TABS, SCRIPT_SAMPLES, filterFonts, movedIndex, movedTab, type PickerTab } from '../../fonts/fontFilter';
import { cssFamilyFor } from '../../fonts/fontLoader';
import { useFontPreviews } from '../../fonts/useFontPreviews';
import './FontPicker.css';

export interface FontPickerProps {
  /** The selected fontName ('' is the system font). */
  value: string;
  onChange(fontName: string): void;
  /** The user has pro: the badge then reads as included rather than required. */
  isPro?: boolean;
}

/** The system font row: not in the catalogue, never downloaded. */
const SYSTEM_ROW = { fontName: '', family: '', category: 'latin', unlockType: 0, slug: '', disable: false } as const satisfies FontCatalogueEntry;

const testIdOf = (fontName: string) => `font-option-${fontName || 'system'}`;

export function FontPicker({ value, onChange, isPro = false }: FontPickerProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<PickerTab>('all');
  const { observe, stateOf } = useFontPreviews(listRef);

  const rows = useMemo<FontCatalogueEntry[]>(() => {
    const fonts = filterFonts(tab, query);
    const systemMatches = !query.trim() || t('fonts.picker.systemFont').toLowerCase().includes(query.trim().toLowerCase());
    return tab === 'all' && systemMatches ? [SYSTEM_ROW, ...fonts] : fonts;
  }, [tab, query, t]);

  // The keyboard cursor starts on the selected font; a new search or tab starts at the top.
  const [cursor, setCursor] = useState(() =>
    Math.max(
      0,
      rows.findIndex((row) => row.fontName === value),
    ),
  );
  const active = Math.max(0, Math.min(cursor, rows.length - 1));
  const setActive = setCursor;

  const optionId = (index: number) => `${baseId}-option-${index}`;
  // On open, bring the selected font into view inside the list (not the page).
  useEffect(() => {
    const list = listRef.current;
    const selected = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (list && selected) list.scrollTop = selected.offsetTop - list.clientHeight / 2 + selected.offsetHeight / 2;
  }, []);

  const onListKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (rows[active]) onChange(rows[active].fontName);
      return;
    }
    const next = movedIndex(event.key, active, rows.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onSearchKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' || rows.length === 0) return;
    event.preventDefault();
    listRef.current?.focus();
  };

  const onTabKey = (event: KeyboardEvent) => {
    const next = movedTab(event.key, tab);
    if (!next) return;
    event.preventDefault();
    setTab(next);
    setActive(0);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <div className="font-picker" data-testid="font-picker">
      <input
        className="font-picker__search"
        type="search"
        value={query}
        placeholder={t('fonts.picker.search')}
        aria-label={t('fonts.picker.search')}
        aria-controls={`${baseId}-list`}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onSearchKey}
      />
      <div className="font-picker__tabs" role="tablist" aria-label={t('fonts.picker.categories')}>
        {PICKER_TABS.map((name) => (
          <button
            key={name}
            id={`${baseId}-tab-${name}`}
            type="button"
            role="tab"
            className="font-picker__tab"
            aria-selected={tab === name}
            aria-controls={`${baseId}-list`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => {
              setTab(name);
              setActive(0);
            }}
            onKeyDown={onTabKey}
          >
            {t(`fonts.categories.${name}`)}
          </button>
        ))}
      </div>
      <ul
        ref={listRef}
        id={`${baseId}-list`}
        className="font-picker__list"
        role="listbox"
        tabIndex={0}
        aria-label={t('fonts.picker.list')}
        aria-activedescendant={rows.length ? optionId(active) : undefined}
        onKeyDown={onListKey}
      >
        {rows.map((row, index) => {
          const preview = row.fontName ? stateOf(row.fontName) : 'loaded';
          const sample = SCRIPT_SAMPLES[row.category];
          return (
            <li
              key={row.fontName || 'system'}
              ref={row.fontName ? observe : undefined}
              id={optionId(index)}
              role="option"
              aria-selected={row.fontName === value}
              data-testid={testIdOf(row.fontName)}
              data-font-name={row.fontName}
              data-preview={preview}
              className={`font-picker__option${index === active ? ' is-active' : ''}`}
              title={preview === 'failed' ? t('fonts.picker.previewFailed') : undefined}
              onClick={() => {
                setActive(index);
                onChange(row.fontName);
              }}
            >
              <span className="font-picker__name" style={preview === 'loaded' ? { fontFamily: cssFamilyFor(row.fontName) } : undefined}>
                {row.fontName ? row.family : t('fonts.picker.systemFont')}
                {sample ? (
                  <span className="font-picker__sample" lang={row.category === 'japanese' ? 'ja' : row.category === 'korean' ? 'ko' : 'zh'}>
                    {' '}
                    {sample}
                  </span>
                ) : null}
              </span>
              {row.unlockType === 1 ? (
                <span
                  className={`badge billing-only font-picker__pro${isPro ? ' is-included' : ''}`}
                  title={t(isPro ? 'fonts.picker.proIncluded' : 'fonts.picker.proRequired')}
                >
                  PRO<span className="visually-hidden"> {t(isPro ? 'fonts.picker.proIncluded' : 'fonts.picker.proRequired')}</span>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {rows.length === 0 ? (
        <p className="font-picker__empty" role="status">
          {t('fonts.picker.noResults', { query })}
        </p>
      ) : null}
    </div>
  );
}
