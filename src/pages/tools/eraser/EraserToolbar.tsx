/**
 * Mask controls of the eraser: the tool (brush or "Select object", where the mode offers it), brush size,
 * paint/unpaint, undo, redo, clear, detectors and the preview toggle.
 */
import { useTranslation } from 'react-i18next';
import type { StrokeOp } from '../../../components/mask/strokeHistory';
import { Icon } from '../../../editor/shell/Icon';
import { DetectMenu } from './DetectMenu';
import { BRUSH_MAX, BRUSH_MIN, type DetectKind } from '../../../tools/eraser/eraserModes';
import { ToolPicker, type ToolPickerProps } from './ToolPicker';

export interface EraserToolbarProps {
  brushSize: number;
  onBrushSize(size: number): void;
  brushMode: StrokeOp['mode'];
  onBrushMode(mode: StrokeOp['mode']): void;
  canUndo: boolean;
  canRedo: boolean;
  maskEmpty: boolean;
  onUndo(): void;
  onRedo(): void;
  onClear(): void;
  onDetect(kind: DetectKind): void;
  detecting: DetectKind | null;
  /** Preview: null when none is shown, 'loading' while it is computed, 'shown' while on screen. */
  preview: null | 'loading' | 'shown';
  onTogglePreview(): void;
  /** The tool choice, where the mode offers "Select object"; without it the brush is the only tool. */
  tools: ToolPickerProps | null;
  /** A tap's selection is on its way: the preview would show the mask without it. */
  selecting: boolean;
  disabled: boolean;
}

export function EraserToolbar(p: EraserToolbarProps) {
  const { t } = useTranslation();
  // One compact row at desktop width (icons with short labels, undo/redo/clear as icons), so the photo starts high
  // on a 720 px screen; each group keeps together and the groups wrap on a phone.
  return (
    <div className="eraser-toolbar" role="toolbar" aria-label={t('eraser.toolbar')} data-testid="eraser.toolbar">
      {p.tools && <ToolPicker {...p.tools} />}
      {p.tools?.tool !== 'select' && <BrushControls {...p} />}

      <div className="eraser-toolbar__group">
        <button
          type="button"
          className="button button--secondary eraser-toolbar__icon"
          disabled={p.disabled || !p.canUndo}
          onClick={p.onUndo}
          aria-label={t('eraser.undo')}
          title={t('eraser.undoShortcut')}
          data-testid="eraser.undo"
        >
          <Icon name="undo" size={18} />
        </button>
        <button
          type="button"
          className="button button--secondary eraser-toolbar__icon"
          disabled={p.disabled || !p.canRedo}
          onClick={p.onRedo}
          aria-label={t('eraser.redo')}
          title={t('eraser.redoShortcut')}
          data-testid="eraser.redo"
        >
          <Icon name="redo" size={18} />
        </button>
        <button
          type="button"
          className="button button--secondary eraser-toolbar__icon"
          disabled={p.disabled || p.maskEmpty}
          onClick={p.onClear}
          aria-label={t('eraser.clear')}
          title={t('eraser.clear')}
          data-testid="eraser.clear"
        >
          <Icon name="trash" size={18} />
        </button>
      </div>

      <div className="eraser-toolbar__group">
        <DetectMenu onDetect={p.onDetect} running={p.detecting} disabled={p.disabled} />
        <button
          type="button"
          className={`button button--secondary${p.preview === 'shown' ? ' is-active' : ''}`}
          aria-pressed={p.preview === 'shown'}
          disabled={p.disabled || p.maskEmpty || p.selecting || p.preview === 'loading'}
          onClick={p.onTogglePreview}
          data-testid="eraser.preview"
        >
          <Icon name={p.preview === 'shown' ? 'eyeOff' : 'eye'} size={18} />
          {p.preview === 'loading' ? t('eraser.preview.loading') : p.preview === 'shown' ? t('eraser.preview.hide') : t('eraser.preview.show')}
        </button>
      </div>
    </div>
  );
}

/** Brush size and paint/unpaint: shown while the brush is the tool. */
function BrushControls(p: EraserToolbarProps) {
  const { t } = useTranslation();
  return (
    <>
      <label className="eraser-toolbar__size" title={t('eraser.brush.size')}>
        <span className="visually-hidden">{t('eraser.brush.size')}</span>
        <span className="eraser-toolbar__size-dot" aria-hidden="true" style={{ width: dot(p.brushSize), height: dot(p.brushSize) }} />
        <input
          type="range"
          min={BRUSH_MIN}
          max={BRUSH_MAX}
          step={1}
          value={p.brushSize}
          disabled={p.disabled}
          onChange={(event) => p.onBrushSize(Number(event.target.value))}
          data-testid="eraser.brushSize"
        />
        <output>{p.brushSize}</output>
      </label>

      <div className="eraser-toolbar__group eraser-toolbar__segmented" role="radiogroup" aria-label={t('eraser.brush.mode')}>
        {(['paint', 'erase'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={p.brushMode === mode}
            disabled={p.disabled}
            className={`button button--secondary eraser-toolbar__toggle${p.brushMode === mode ? ' is-active' : ''}`}
            onClick={() => p.onBrushMode(mode)}
            data-testid={`eraser.brush.${mode}`}
          >
            <Icon name={mode === 'paint' ? 'plus' : 'minus'} size={16} />
            {t(`eraser.brush.${mode}`)}
          </button>
        ))}
      </div>
    </>
  );
}

/** The size dot beside the slider: grows with the brush (8 to 20 px), an icon that says what the slider sets. */
const dot = (size: number) => `${Math.round(8 + (12 * (size - BRUSH_MIN)) / (BRUSH_MAX - BRUSH_MIN))}px`;
