/**
 * /tools/magic-eraser-with-ai-detection: pick, drop or paste a photo → paint over what should go (or let a
 * detector suggest it: people and objects, text, scratches; or, erasing objects, tap a thing to select it)
 * → optional instant preview (Telea on the server) → "Erase" runs the mode's task (elimination /
 * removeWatermark / descratch) with the mask uploaded as a PNG → before/after, download, open in the editor,
 * or keep erasing on the result.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from '../../components/CompareSlider';
import { FileDropZone } from '../../components/FileDropZone';
import { HowItWorks } from '../../components/HowItWorks';
import { MaskBrushCanvas } from '../../components/mask/MaskBrushCanvas';
import { tapsOf, type Point, type StrokeOp } from '../../components/mask/strokeHistory';
import { useMaskHistory } from '../../components/mask/useMaskHistory';
import { ResultActions } from '../../tools/ResultActions';
import { TaskProgress } from '../../tools/TaskProgress';
import { useToast } from '../../components/ToastContext';
import { UploadPrompt } from '../../tools/UploadPrompt';
import { useKey } from '../../hooks/useKey';
import { usePasteImage } from '../../hooks/usePasteImage';
import { usePreventFileNavigation } from '../../hooks/usePreventFileNavigation';
import { LIMIT_PARAMS, checkImageFile } from '../../tools/checkImageFile';
import { useImageTask, type ImageTaskPhase } from '../../tools/useImageTask';
import { FILL_QUALITIES } from '../../../engine/spec/tasks';
import { EraserToolbar } from './eraser/EraserToolbar';
import { ModeTabs } from './eraser/ModeTabs';
import { detectMask, EraserCallError, previewFill, uploadOne } from '../../tools/eraser/eraserApi';
import {
  defaultBrushSize,
  eraseBlocker,
  eraseParams,
  modeInfo,
  type DetectKind,
  type EraseQuality,
  type EraserMode,
  type EraserTool,
} from '../../tools/eraser/eraserModes';
import { SelectStatusLine } from './eraser/SelectStatusLine';
import { useObjectSelection } from './eraser/useObjectSelection';
import { usePhoto } from './eraser/usePhoto';
import { useToolKeys } from './eraser/useToolKeys';
import './MagicEraserPage.css';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { useOpenInEditor, useTaskErrorToast } from '../../tools/useToolResult';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];
/** The fills the server names in an eraser result (server/src/processors/elimination.ts, EraseFill). */
const ERASE_FILLS = ['patch', 'smooth', 'fast', 'learned'] as const;

export function MagicEraserPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<EraserMode>('objects');
  const info = modeInfo(mode);
  const task = useImageTask(info.taskType);
  const { photo, load, clear: clearPhoto, serverUrl } = usePhoto(info.taskType);
  const busy = BUSY.includes(task.phase);
  const editing = photo !== null && (task.phase === 'idle' || task.phase === 'failed');
  const mask = useMaskHistory(photo?.width ?? 1, photo?.height ?? 1, editing);
  const [brushSize, setBrushSize] = useState(40);
  const [brushMode, setBrushMode] = useState<StrokeOp['mode']>('paint');
  const [quality, setQuality] = useState<EraseQuality>('best');
  const [detecting, setDetecting] = useState<DetectKind | null>(null);
  const [preview, setPreview] = useState<{ state: 'loading' | 'shown'; url: string | null } | null>(null);
  const [sending, setSending] = useState(false);
  const [tool, setTool] = useState<EraserTool>('brush');
  const [tapIncludes, setTapIncludes] = useState(true);
  const taps = useMemo(() => tapsOf(mask.edits), [mask.edits]);
  const select = useObjectSelection({
    photoKey: photo?.url ?? null,
    width: photo?.width ?? 1,
    height: photo?.height ?? 1,
    serverUrl,
    taps,
    dropTap: mask.dropEdit,
  });
  // The tool in effect: Select object only where the mode offers it and while the server can select.
  const activeTool: EraserTool = info.canSelect && tool === 'select' && select.status !== 'unavailable' ? 'select' : 'brush';

  // A preview shows an older mask after any edit: drop it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on purpose when the mask or the selection changes
  useEffect(() => setPreview(null), [mask.edits, select.selection]);
  useEffect(
    () => () => {
      if (preview?.url) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const callFailed = (err: unknown, key: string) => {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    const reason = err instanceof EraserCallError || err instanceof Error ? err.message : '';
    toast.show(t(key, { reason }), 'error');
  };

  const submit = async (file: File) => {
    if (busy || sending) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast.show(t(problem.key, problem.params), 'error');
      return;
    }
    try {
      const loaded = await load(file);
      task.reset();
      mask.reset();
      setBrushSize(defaultBrushSize(mode, loaded.width));
    } catch {
      toast.show(t('errors.paramsInvalid', LIMIT_PARAMS), 'error');
    }
  };

  /** Choosing Select object gets the photo ready for it (the effect below); choosing it again retries after a failure. */
  const chooseTool = (next: EraserTool) => {
    setTool(next);
    if (next === 'select' && select.status === 'unavailable') select.prepare();
  };
  useEffect(() => {
    if (activeTool === 'select' && select.status === 'idle' && photo) select.prepare();
  }, [activeTool, select.status, select.prepare, photo]);

  const onTap = ([x, y]: Point, longPress: boolean) => {
    if (select.status !== 'preparing' && select.status !== 'ready') return;
    const include = longPress ? !tapIncludes : tapIncludes;
    // Leaving a part out needs a selection to leave it out of.
    if (!include && !taps.some((tap) => tap.include)) return toast.show(t('eraser.select.includeFirst'), 'info');
    mask.addTap({ kind: 'tap', x, y, include });
  };

  const detect = async (kind: DetectKind) => {
    setDetecting(kind);
    try {
      const { maskUrl } = await detectMask(kind, await serverUrl());
      if (maskUrl) await mask.addMaskFromUrl(maskUrl);
      else toast.show(t('eraser.detect.nothing'), 'info');
    } catch (err) {
      callFailed(err, 'eraser.detect.failed');
    } finally {
      setDetecting(null);
    }
  };

  const togglePreview = async () => {
    if (preview) return setPreview(null);
    setPreview({ state: 'loading', url: null });
    try {
      const blob = await previewFill(await serverUrl(), mask.exportDataUrl(select.selection));
      setPreview((p) => (p?.state === 'loading' ? { state: 'shown', url: URL.createObjectURL(blob) } : p));
    } catch (err) {
      setPreview(null);
      callFailed(err, 'eraser.preview.failed');
    }
  };

  const erase = async () => {
    if (!photo) return;
    const blocker = eraseBlocker(mode, mask.empty);
    if (blocker) return toast.show(t(`eraser.${blocker}`), 'error');
    setSending(true);
    try {
      const maskUrl = mask.empty ? null : await uploadOne(await mask.exportPng(select.selection), info.taskType, 'png');
      task.start(photo.file, eraseParams(mode, maskUrl, quality));
    } catch (err) {
      callFailed(err, 'eraser.uploadFailed');
    } finally {
      setSending(false);
    }
  };

  /** The result becomes the photo, so a second object can be erased from it. */
  const keepErasing = async () => {
    if (!task.resultBlob) return;
    await submit(new File([task.resultBlob], 'erased.png', { type: 'image/png' }));
  };

  const startOver = () => {
    task.reset();
    mask.reset();
    clearPhoto();
  };

  const openResultInEditor = useOpenInEditor(t('tools.magicEraser.title'));
  const openInEditor = () => openResultInEditor(task.resultBlob, task.sourceName);

  usePasteImage((file) => void submit(file));
  usePreventFileNavigation();
  useKey('Escape', task.cancel, busy);
  useToolKeys(chooseTool, editing && !sending && info.canSelect);

  const errorMessage = useTaskErrorToast(task);
  // Which fill made the result (the server's `?fill=`): a learned fill is said so, as is the quick one.
  const filledBy = ERASE_FILLS.find((f) => f === task.resultFacts.fill) ?? null;

  const locked = !editing || sending;
  return (
    <div className={`container tool-page eraser-page${photo && task.phase !== 'done' ? ' eraser-page--editing' : ''}`} data-testid="page.magicEraser">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.magicEraser.title')}</h1>
        <p className="lead">{t('eraser.subtitle')}</p>
      </header>

      <HiddenFileInput ref={input} onFile={(file) => void submit(file)} />

      <ModeTabs
        mode={mode}
        onMode={(m) => {
          setMode(m);
          if (photo) setBrushSize(defaultBrushSize(m, photo.width));
        }}
        disabled={busy || sending}
      />
      <p className="muted small center eraser-page__mode-hint">{t(`eraser.modeHint.${mode}`)}</p>

      <FileDropZone onFile={(file) => void submit(file)} enabled={!busy && !sending}>
        <div className={`card workspace workspace--${task.phase}`} data-phase={task.phase}>
          {!photo && <UploadPrompt onPick={() => input.current?.click()} />}

          {photo && task.phase !== 'done' && (
            <>
              <EraserToolbar
                brushSize={brushSize}
                onBrushSize={setBrushSize}
                brushMode={brushMode}
                onBrushMode={setBrushMode}
                canUndo={mask.canUndo}
                canRedo={mask.canRedo}
                maskEmpty={mask.empty}
                onUndo={mask.undo}
                onRedo={mask.redo}
                onClear={mask.clear}
                onDetect={(kind) => void detect(kind)}
                detecting={detecting}
                preview={preview?.state ?? null}
                onTogglePreview={() => void togglePreview()}
                disabled={locked}
                tools={info.canSelect ? { tool: activeTool, onTool: chooseTool, tapIncludes, onTapIncludes: setTapIncludes, disabled: locked } : null}
                selecting={select.busy}
              />
              {info.canSelect && (activeTool === 'select' || select.status === 'unavailable') && <SelectStatusLine status={select.status} busy={select.busy} />}
              <MaskBrushCanvas
                imageUrl={photo.url}
                width={photo.width}
                height={photo.height}
                edits={mask.edits}
                sources={mask.sources}
                brushSize={brushSize}
                mode={brushMode}
                onStroke={mask.addStroke}
                previewUrl={preview?.url ?? null}
                tool={activeTool === 'select' ? 'tap' : 'brush'}
                onTap={onTap}
                selection={select.selection}
                disabled={locked}
                alt={t('eraser.photoAlt')}
              />
              <p className="muted small center">{t('eraser.legend')}</p>
            </>
          )}

          {busy && <TaskProgress phase={task.phase} progress={task.progress} queueAhead={task.queueAhead} onCancel={task.cancel} />}

          {editing && (
            <div className="eraser-page__actions">
              {info.hasQuality && (
                <label className="eraser-page__quality">
                  <span>{t('eraser.quality.label')}</span>
                  <select
                    className="select"
                    value={quality}
                    onChange={(e) => setQuality(e.target.value as EraseQuality)}
                    disabled={sending}
                    data-testid="eraser.quality"
                  >
                    {FILL_QUALITIES.map((q) => (
                      <option key={q} value={q}>
                        {t(`eraser.quality.${q}`)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <button
                type="button"
                className="button button--primary button--large"
                disabled={sending || select.busy || eraseBlocker(mode, mask.empty) !== null}
                onClick={() => void erase()}
                data-testid="eraser.erase"
              >
                {t(`eraser.erase.${mode}`)}
              </button>
              <button type="button" className="button button--ghost" onClick={startOver} disabled={sending} data-testid="result.new">
                {t('bgRemover.newImage')}
              </button>
              {mask.empty && <p className="muted small eraser-page__blocker">{t(info.maskOptional ? `eraser.autoHint.${mode}` : 'eraser.needMask')}</p>}
            </div>
          )}

          {task.phase === 'failed' && (
            <div className="failed-panel">
              <p className="failed-panel__title">{t('bgRemover.failedTitle')}</p>
              <p className="muted" data-testid="task.error">
                {errorMessage}
              </p>
            </div>
          )}

          {task.phase === 'done' && photo && (
            <>
              {task.resultUrl && <CompareSlider beforeUrl={photo.url} afterUrl={task.resultUrl} resultAlt={t('common.editedImageAlt')} />}
              {filledBy && (
                <p className="muted small" data-testid="eraser.filledBy">
                  {t(`eraser.filledBy.${filledBy}`)}
                </p>
              )}
              <ResultActions
                naming={{ original: task.sourceName, tool: 'erased' }}
                resultBlob={task.resultBlob}
                onNewImage={startOver}
                onOpenInEditor={() => void openInEditor()}
              />
              <button type="button" className="button button--secondary" onClick={() => void keepErasing()} data-testid="eraser.keepErasing">
                {t('eraser.keepErasing')}
              </button>
            </>
          )}
        </div>
      </FileDropZone>

      <HowItWorks headingId="eraser-how" variant="tool" />
    </div>
  );
}
