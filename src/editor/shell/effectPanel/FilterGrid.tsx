/**
 * The "filter" kind: category tabs, a grid of filters with live thumbnails of the picture (or a
 * sample), "None", and the chosen filter's strength (default 100). Choosing is one undo step;
 * a strength drag is one step.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FILTER_STRENGTH } from '../../../../engine/doc/defaults';
import type { FilterParams } from '../../../../engine/doc/types';
import { FILTER_CATEGORIES, filterFor, filtersInCategory, type FilterDef } from '../../../../engine/effects/filters';
import { GestureSlider } from './GestureSlider';
import { FilterThumb } from './FilterThumb';
import { filterParamsFor } from '../../../../engine/effects/effectDefaults';
import type { EffectWriter } from './useEffectWriter';
import type { ThumbnailSource } from './useThumbnailSource';

interface Props {
  value: FilterParams | null;
  writer: EffectWriter;
  source: ThumbnailSource;
}

export function FilterGrid({ value, writer, source }: Props) {
  const { t } = useTranslation();
  const base = useId();
  const chosen = filterFor(value);
  const [category, setCategory] = useState(chosen?.categoryName ?? FILTER_CATEGORIES[0].name);
  const choose = (filter: FilterDef | null) => writer.update('filterParams', () => (filter ? filterParamsFor(filter) : null));

  const cell = (filter: FilterDef | null) => {
    const active = filter ? chosen?.uid === filter.uid : !chosen;
    const label = filter ? t(filter.labelKey) : t('effects.filter.none');
    return (
      <li key={filter?.uid ?? 'none'}>
        <button
          type="button"
          className={`fx-filter${active ? ' is-active' : ''}`}
          aria-pressed={active}
          onClick={() => choose(filter)}
          data-testid={filter ? `effects.filter.${filter.uid}` : 'effects.filter.none'}
        >
          <FilterThumb source={source} filter={filter} />
          <span className="fx-filter__name">{label}</span>
        </button>
      </li>
    );
  };

  return (
    <div className="fx-filters">
      <div className="fx-tabs" role="tablist" aria-label={t('effects.filter.categories')}>
        {FILTER_CATEGORIES.map((entry) => (
          <button
            key={entry.name}
            id={`${base}-tab-${entry.name}`}
            type="button"
            role="tab"
            aria-selected={category === entry.name}
            aria-controls={`${base}-grid`}
            className={`fx-tab${category === entry.name ? ' is-active' : ''}${chosen?.categoryName === entry.name ? ' has-choice' : ''}`}
            onClick={() => setCategory(entry.name)}
            data-testid={`effects.filter.category.${entry.name}`}
          >
            {t(entry.labelKey)}
          </button>
        ))}
      </div>
      <ul id={`${base}-grid`} role="tabpanel" aria-labelledby={`${base}-tab-${category}`} className="fx-filter-grid">
        {cell(null)}
        {filtersInCategory(category).map(cell)}
      </ul>
      {chosen && (
        <GestureSlider
          label={t('effects.filter.strength', { name: t(chosen.labelKey) })}
          value={Math.round(value?.strength ?? DEFAULT_FILTER_STRENGTH)}
          min={0}
          max={100}
          gestureLabel={writer.gestureLabel}
          onChange={(strength, gesture) => writer.update('filterParams', (current) => (current ? { ...current, strength } : current), gesture)}
          testId="effects.filter.strength"
        />
      )}
    </div>
  );
}
