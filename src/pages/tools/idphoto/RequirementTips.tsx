/**
 * The photo requirements, shown on the first three visits only (SPEC §9). A compact card beside the
 * template list, folded to its title on small screens, so it never pushes the result below the fold
 * (issue 29 item 12).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeTipsShowing } from './requirementTips';

const TIPS = ['face', 'light', 'expression', 'glasses', 'recent'] as const;
const narrow = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767.98px)').matches;

export function RequirementTips() {
  const { t } = useTranslation();
  // Counted once per page visit, when the page first renders.
  const [visible, setVisible] = useState(() => takeTipsShowing());
  const [open] = useState(() => !narrow());
  if (!visible) return null;
  return (
    <aside className="idp-tips card" data-testid="idphoto.tips" aria-labelledby="idp-tips-title">
      <details open={open}>
        <summary id="idp-tips-title" className="idp-tips__title">
          {t('idphoto.tips.title')}
        </summary>
        <ul>
          {TIPS.map((k) => (
            <li key={k}>{t(`idphoto.tips.${k}`)}</li>
          ))}
        </ul>
        <button type="button" className="button button--ghost" onClick={() => setVisible(false)}>
          {t('idphoto.tips.close')}
        </button>
      </details>
    </aside>
  );
}
