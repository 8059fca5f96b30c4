/** The current font as a button that opens the font picker in place; picking sets the font (pro fonts mark the layer). */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFont } from '../../../../engine/commands';
import { fontEntry, isPremiumFont } from '../../../../engine/fonts/catalogue';
import { useEditor } from '../../EditorContext';
import { FontPicker } from '../../panels/FontPicker';
import { Icon } from '../Icon';

export function FontField({ layerId, fontName }: { layerId: string; fontName: string }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const [open, setOpen] = useState(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  const entry = fontEntry(fontName);
  // The properties panel is short on laptop screens: bring the whole list into view when it opens.
  useEffect(() => {
    if (open) pickerRef.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);
  return (
    <div className="ed-field">
      <span className="ed-field__label">{t('editor.text.font')}</span>
      <button type="button" className="ed-select-button" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="props.font">
        <span>{entry?.family ?? t('editor.text.systemFont')}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open && (
        <div className="ed-font-picker" ref={pickerRef}>
          <FontPicker
            value={fontName}
            onChange={(next) => {
              editor.exec(setFont, {
                layerId,
                fontName: next,
                fontCategoryName: fontEntry(next)?.category ?? '',
                premium: isPremiumFont(next),
              });
              setOpen(false);
            }}
          />
        </div>
      )}
    </div>
  );
}
