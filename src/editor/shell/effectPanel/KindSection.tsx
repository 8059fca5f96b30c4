/**
 * One adjust-panel kind: a heading that folds its controls, with an optional control beside it
 * (an effect's on/off switch stays reachable while folded). Folded state is remembered per kind
 * for the session, so moving between layers keeps the panel as the user arranged it.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EffectIcon } from './EffectIcon';
import type { AdjustPanelKind } from './kinds';

const openKinds = new Map<string, boolean>();

interface Props {
  kind: AdjustPanelKind;
  /** Open when the user has not folded or unfolded it yet. */
  defaultOpen?: boolean;
  /** Shown at the right of the heading (e.g. the enable switch); `unfold` opens the section. */
  aside?: ReactNode | ((unfold: () => void) => ReactNode);
  /** A different remembered-state slot (the canvas panel keeps its own). */
  scope?: string;
  children: ReactNode;
}

export function KindSection({ kind, defaultOpen = false, aside, scope = 'layer', children }: Props) {
  const { t } = useTranslation();
  const bodyId = useId();
  const slot = `${scope}.${kind}`;
  const [open, setOpen] = useState(() => openKinds.get(slot) ?? defaultOpen);
  const set = (next: boolean) => {
    openKinds.set(slot, next);
    setOpen(next);
  };
  return (
    <section className={`fx-kind${open ? ' is-open' : ''}`} data-kind={kind}>
      <div className="fx-kind__head">
        <h3 className="fx-kind__title">
          <button
            type="button"
            className="fx-kind__toggle"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => set(!open)}
            data-testid={`effects.kind.${kind}`}
          >
            <EffectIcon name="chevron" size={16} />
            <span>{t(`effects.kinds.${kind}`)}</span>
          </button>
        </h3>
        {typeof aside === 'function' ? aside(() => set(true)) : aside}
      </div>
      <div id={bodyId} className="fx-kind__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}

/** A labelled on/off switch (a checkbox styled as a switch). */
export function EnableSwitch({ checked, label, onChange, testId }: { checked: boolean; label: string; onChange(on: boolean): void; testId: string }) {
  return (
    <label className="fx-switch" title={label}>
      <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid={testId} />
      <span className="fx-switch__track" aria-hidden="true" />
      <span className="fx-visually-hidden">{label}</span>
    </label>
  );
}
