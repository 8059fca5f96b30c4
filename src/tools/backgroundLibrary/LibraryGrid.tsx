/**
 * The background library: category tabs and a grid of thumbnails (served by `/api/backgrounds/<id>/thumb.png`).
 * With `onlyIds`, a flat grid of just those backgrounds (the scenes of /ai-background).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackgroundLibrary, type LibraryItem } from './useBackgroundLibrary';
import './LibraryGrid.css';

interface Props {
  selectedId: string;
  onSelect(id: string): void;
  onlyIds?: readonly string[];
}

export function LibraryGrid({ selectedId, onSelect, onlyIds }: Props) {
  const { t } = useTranslation();
  const { state, retry } = useBackgroundLibrary();
  const [picked, setPicked] = useState<string | null>(null);

  if (state.status === 'loading')
    return (
      <p className="muted small" data-testid="changebg.library.loading">
        {t('changebg.library.loading')}
      </p>
    );
  if (state.status === 'error') {
    return (
      <div className="changebg-library__error" data-testid="changebg.library.error">
        <p className="muted small">{t('changebg.library.error')}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('bgRemover.tryAgain')}
        </button>
      </div>
    );
  }

  const { categories, backgrounds } = state.catalogue;
  const selectedCategory = backgrounds.find((bg) => bg.id === selectedId)?.category ?? categories[0];
  const category = picked ?? selectedCategory;
  const shown: LibraryItem[] = onlyIds
    ? onlyIds.map((id) => backgrounds.find((bg) => bg.id === id)).filter((bg): bg is LibraryItem => bg !== undefined)
    : backgrounds.filter((bg) => bg.category === category);

  return (
    <div className="changebg-library">
      {!onlyIds && (
        <div className="changebg-tabs changebg-tabs--small" role="tablist" aria-label={t('changebg.library.categories')}>
          {categories.map((c) => (
            <button
              key={c}
              type="button"
              role="tab"
              aria-selected={c === category}
              className={`changebg-tab${c === category ? ' is-active' : ''}`}
              data-testid={`changebg.category.${c}`}
              onClick={() => setPicked(c)}
            >
              {t(`changebg.categories.${c}`)}
            </button>
          ))}
        </div>
      )}
      <ul className="changebg-thumbs" role="list" data-testid="changebg.library">
        {shown.map((bg) => (
          <li key={bg.id}>
            <button
              type="button"
              className={`changebg-thumb${bg.id === selectedId ? ' is-selected' : ''}`}
              aria-pressed={bg.id === selectedId}
              data-testid={`changebg.bg.${bg.id}`}
              onClick={() => onSelect(bg.id)}
            >
              <img src={bg.thumbUrl} alt="" loading="lazy" width={120} height={90} />
              <span className="changebg-thumb__name">{t(bg.nameKey)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
