/**
 * Mask controls of the eraser: the tool (brush or "Select object", where the mode offers it), brush size,
 * paint/unpaint, undo, redo, clear, detectors and the preview toggle.
 */
import { useTranslation } from 'react-i18next';
import type { StrokeOp } from '../../../components/mask/strokeHistory';
import { DetectMenu } from './DetectMenu';
import { BRUSH_MAX, BRUSH_MIN, type DetectKind } from './eraserModes';
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
  return (
    <div className="eraser-toolbar" role="toolbar" aria-label={t('eraser.toolbar')} data-testid="eraser.toolbar">
      {p.tools && <ToolPicker {...p.tools} />}
      {p.tools?.tool !== 'select' && <BrushControls {...p} />}

      <div className="eraser-toolbar__group">
        <button type="button" className="button button--secondary" disabled={p.disabled || !p.canUndo} onClick={p.onUndo}
          title={t('eraser.undoShortcut')} data-testid="eraser.undo">
          {t('eraser.undo')}
        </button>
        <button type="button" className="button button--secondary" disabled={p.disabled || !p.canRedo} onClick={p.onRedo}
          title={t('eraser.redoShortcut')} data-testid="eraser.redo">
          {t('eraser.redo')}
        </button>
        <button type="button" className="button button--ghost" disabled={p.disabled || p.maskEmpty} onClick={p.onClear} data-testid="eraser.clear">
          {t('eraser.clear')}
        </button>
      </div>

      <div className="eraser-toolbar__group">
        <DetectMenu onDetect={p.onDetect} running={p.detecting} disabled={p.disabled} />
        <button
          type="button" className={`button button--secondary${p.preview === 'shown' ? ' is-active' : ''}`}
          aria-pressed={p.preview === 'shown'} disabled={p.disabled || p.maskEmpty || p.selecting || p.preview === 'loading'}
          onClick={p.onTogglePreview} data-testid="eraser.preview"
        >
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
      <label className="eraser-toolbar__size">
        <span>{t('eraser.brush.size')}</span>
        <input
          type="range" min={BRUSH_MIN} max={BRUSH_MAX} step={1} value={p.brushSize} disabled={p.disabled}
          onChange={(event) => p.onBrushSize(Number(event.target.value))} data-testid="eraser.brushSize"
        />
        <output>{p.brushSize}</output>
      </label>

      <div className="eraser-toolbar__group" role="radiogroup" aria-label={t('eraser.brush.mode')}>
        {(['paint', 'erase'] as const).map((mode) => (
          <button
            key={mode} type="button" role="radio" aria-checked={p.brushMode === mode} disabled={p.disabled}
            className={`button button--secondary eraser-toolbar__toggle${p.brushMode === mode ? ' is-active' : ''}`}
            onClick={() => p.onBrushMode(mode)} data-testid={`eraser.brush.${mode}`}
          >
            {t(`eraser.brush.${mode}`)}
          </button>
        ))}
      </div>
    </>
  );
}
