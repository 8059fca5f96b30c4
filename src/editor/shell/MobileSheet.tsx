/** Below 768 px: the panels share a bottom sheet with tabs (tools, edit, layers); the canvas keeps the rest. */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './Icon';

type Tab = 'tools' | 'properties' | 'layers';
const TABS: Array<{ id: Tab; icon: IconName; key: string }> = [
  { id: 'tools', icon: 'tools', key: 'editor.panels.tools' },
  { id: 'properties', icon: 'sliders', key: 'editor.panels.properties' },
  { id: 'layers', icon: 'layers', key: 'editor.panels.layers' },
];

export function MobileSheet(content: Record<Tab, ReactNode>) {
  const { t } = useTranslation();
  const base = useId();
  const [tab, setTab] = useState<Tab>('tools');

  const onKey = (event: KeyboardEvent) => {
    const index = TABS.findIndex((entry) => entry.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(index + step + TABS.length) % TABS.length];
    setTab(next.id);
    document.getElementById(`${base}-tab-${next.id}`)?.focus();
  };

  return (
    <div className="ed-sheet" data-testid="mobile.sheet">
      <div className="ed-sheet__tabs" role="tablist" aria-label={t('editor.panels.label')} onKeyDown={onKey}>
        {TABS.map(({ id, icon, key }) => (
          <button
            key={id}
            id={`${base}-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`${base}-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={`ed-sheet__tab${tab === id ? ' is-active' : ''}`}
            onClick={() => setTab(id)}
            data-testid={`sheet.${id}`}
          >
            <Icon name={icon} size={18} />
            {t(key)}
          </button>
        ))}
      </div>
      {TABS.map(({ id }) => (
        <div key={id} id={`${base}-panel-${id}`} role="tabpanel" aria-labelledby={`${base}-tab-${id}`} className="ed-sheet__panel" hidden={tab !== id}>
          {content[id]}
        </div>
      ))}
    </div>
  );
}
