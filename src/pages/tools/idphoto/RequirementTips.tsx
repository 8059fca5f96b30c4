/** The photo requirements, shown on the first three visits only (SPEC §9). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeTipsShowing } from './requirementTips';

const TIPS = ['face', 'light', 'expression', 'glasses', 'recent'] as const;

export function RequirementTips() {
  const { t } = useTranslation();
  // Counted once per page visit, when the page first renders.
  const [visible, setVisible] = useState(() => takeTipsShowing());
  if (!visible) return null;
  return (
    <aside className="idp-tips card" data-testid="idphoto.tips" aria-labelledby="idp-tips-title">
      <h2 id="idp-tips-title" className="idp-tips__title">{t('idphoto.tips.title')}</h2>
      <ul>{TIPS.map((k) => <li key={k}>{t(`idphoto.tips.${k}`)}</li>)}</ul>
      <button type="button" className="button button--ghost" onClick={() => setVisible(false)}>{t('idphoto.tips.close')}</button>
    </aside>
  );
}
