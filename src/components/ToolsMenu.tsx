/**
 * The header's Tools menu: every listed tool of the route table, in the /tools groups. A
 * disclosure button (not a hover menu) so it works by keyboard and touch; Escape or a click
 * outside closes it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, TOOL_GROUPS } from '../../engine/site/routes';
import { LocalLink } from './LocalLink';

export function ToolsMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (new pathname) closes the panel
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div className="tools-menu" ref={root}>
      <button
        type="button"
        className="site-nav__link tools-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="nav.toolsMenu"
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.tools')}{' '}
        <span aria-hidden="true" className="tools-menu__caret">
          ▾
        </span>
      </button>
      <div id={panelId} className="tools-menu__panel" hidden={!open} data-testid="nav.toolsPanel">
        {TOOL_GROUPS.map((group) => (
          <div key={group} className="tools-menu__group">
            <p className="tools-menu__heading">{t(`toolGroups.${group}`)}</p>
            <ul>
              {ROUTES.filter((route) => route.listed && route.group === group).map((route) => (
                <li key={route.path}>
                  <LocalLink to={route.path}>{t(route.titleKey)}</LocalLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <p className="tools-menu__all">
          <LocalLink to="/tools" className="text-link">
            {t('common.browseAllTools')}
          </LocalLink>
        </p>
      </div>
    </div>
  );
}
