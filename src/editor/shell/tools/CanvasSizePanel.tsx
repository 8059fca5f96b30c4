/** Canvas size: the presets (the current one marked) and a custom width × height. */
import { useTranslation } from 'react-i18next';
import { setCanvasSize } from '../../../../engine/commands';
import { useEditor, useEditorSelector } from '../../EditorContext';
import { CANVAS_PRESETS, customSize, presetOfProject, presetSize, type CanvasSizeChoice } from '../../templates';
import { SizeForm } from '../create/SizeForm';

export function CanvasSizePanel() {
  const { t, i18n } = useTranslation();
  const editor = useEditor();
  const project = useEditorSelector((s) => s.project);
  const current = presetOfProject(project);
  const number = new Intl.NumberFormat(i18n.language);

  // Only the size: a template's background belongs to new projects, not to a resize.
  const apply = ({ canvasW, canvasH, canvasSizeId, templateId }: CanvasSizeChoice) =>
    editor.exec(setCanvasSize, { canvasW, canvasH, canvasSizeId, templateId, exportW: canvasW, exportH: canvasH });

  return (
    <div className="ed-panel-body">
      <p className="ed-hint" data-testid="canvas.current">
        {t('editor.canvas.current', { width: number.format(project.canvasW), height: number.format(project.canvasH) })}
      </p>
      <ul className="ed-size-list">
        {CANVAS_PRESETS.filter((preset) => preset.group !== 'product').map((preset) => (
          <li key={preset.id}>
            <button
              type="button"
              className={`ed-size${current?.id === preset.id ? ' is-active' : ''}`}
              aria-pressed={current?.id === preset.id}
              onClick={() => apply(presetSize(preset))}
              data-testid={`canvas.preset.${preset.id}`}
            >
              <span>{t(`editor.sizes.${preset.id}`)}</span>
              <span className="ed-size__dims">
                {number.format(preset.width)} × {number.format(preset.height)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <SizeForm
        key={`${project.canvasW}x${project.canvasH}`}
        initial={{ width: project.canvasW, height: project.canvasH }}
        submitLabel={t('editor.canvas.apply')}
        onSubmit={(width, height) => apply(customSize(width, height))}
        testId="canvas.custom"
      />
    </div>
  );
}
