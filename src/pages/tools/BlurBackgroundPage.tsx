/**
 * /tools/blur-background: pick, drop or paste a photo → the bgblur task keeps the subject sharp and blurs the
 * background → compare before/after → download or open in the editor. Changing the strength or the edge softness
 * runs the task again on the same file (no new pick; the server reuses its subject mask for the same file): a free
 * re-composite (useRecompositeTask), only a new photo costs a credit. A failed run leaves the last result in place.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { CompareSlider } from '../../components/CompareSlider';
import { FileDropZone } from '../../components/FileDropZone';
import { HowItWorks } from '../../components/HowItWorks';
import { ResultActions } from '../../tools/ResultActions';
import { useToast } from '../../components/ToastContext';
import { UploadPrompt } from '../../tools/UploadPrompt';
import { useKey } from '../../hooks/useKey';
import { usePasteImage } from '../../hooks/usePasteImage';
import { usePreventFileNavigation } from '../../hooks/usePreventFileNavigation';
import { checkImageFile } from '../../tools/checkImageFile';
import type { ImageTaskPhase } from '../../tools/useImageTask';
import { useRecompositeTask } from '../../tools/useRecompositeTask';
import { RefinableResult } from '../../tools/refine/RefinableResult';
import { useRecompositeRefine } from '../../tools/refine/useRecompositeRefine';
import { ResultCode } from '../../../engine/spec/errors';
import { CostNote } from './changebg/CostNote';
import { TASKS } from '../../../engine/spec/tasks';
import { StageProgress } from './extender/StageProgress';
import './BlurBackgroundPage.css';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { TaskFailedPanel } from '../../components/TaskFailedPanel';
import { useOpenInEditor, useTaskErrorToast } from '../../tools/useToolResult';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];

/** What the user sets; sent as the task params. Defaults and server limits come from the task table (engine/spec/tasks). */
export interface BlurSettings {
  strength: number;
  feather: number;
}
export const DEFAULT_BLUR_SETTINGS: BlurSettings = { ...TASKS.bgblur.defaults };
export const FEATHER_SLIDER_MAX = 20;
/** A slider drag fires many changes: run once the user has paused this long. */
export const RERUN_DELAY_MS = 450;

/** True when a finished (or failed) run used other settings than the ones now on screen. */
export function needsRerun(phase: ImageTaskPhase, lastRun: BlurSettings | null, now: BlurSettings): boolean {
  if (phase !== 'done' && phase !== 'failed') return false; // a run in progress is left to finish first
  return lastRun !== null && (lastRun.strength !== now.strength || lastRun.feather !== now.feather);
}

export function BlurBackgroundPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [settings, setSettings] = useState<BlurSettings>(DEFAULT_BLUR_SETTINGS);
  const lastRun = useRef<BlurSettings | null>(null);
  // The result survives a trip to the checkout or the sign-in page (this tab).
  const recomposite = useRecompositeTask('bgblur', {
    path: useLocation().pathname,
    state: settings,
    onRestore: (photo, state) => {
      setFile(photo);
      setSettings(state as BlurSettings);
      lastRun.current = state as BlurSettings;
    },
  });
  const { task, kept } = recomposite;
  const input = useRef<HTMLInputElement>(null);
  const busy = BUSY.includes(task.phase);
  // A refused or failed run on a new photo goes back to the photo whose result is shown.
  useEffect(() => {
    if (task.phase === 'failed' && kept && file !== kept.file) setFile(kept.file);
  }, [task.phase, kept, file]);

  // Refine: the user's fix of the cut-out; after "Done" the blur is made again with it.
  const refine = useRecompositeRefine(kept, (photo) => run(photo, settings));
  const run = (photo: File, next: BlurSettings) => {
    lastRun.current = next;
    // The user's refined cut-out of this photo, if any, stays sharp instead of the model's subject.
    const cutoutUrl = refine.refinedFor(photo)?.fileUrl;
    recomposite.run(photo, { strength: next.strength, feather: next.feather, ...(cutoutUrl ? { cutoutUrl } : {}) });
  };

  const submit = (picked: File) => {
    if (busy) return; // one photo at a time; Cancel first
    const problem = checkImageFile(picked);
    if (problem) {
      toast.show(t(problem.key, problem.params), 'error');
      return;
    }
    setFile(picked);
    run(picked, settings);
  };

  const rerun = useEffectEvent(() => {
    if (file) run(file, settings);
  });
  useEffect(() => {
    // A cancelled re-composite leaves the task idle with the kept result on the page: a change applies to it.
    const phase = task.phase === 'idle' && kept ? 'done' : task.phase;
    // While the refine panel is open a change waits: a re-run now would close the panel on the user's edits.
    if (!file || refine.phase !== 'closed' || !needsRerun(phase, lastRun.current, settings)) return;
    const timer = setTimeout(rerun, RERUN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [file, settings, task.phase, kept, refine.phase]);

  const startOver = () => {
    task.reset();
    recomposite.clear();
    refine.forget();
    setFile(null);
    lastRun.current = null;
  };
  const cancel = () => {
    task.cancel();
    // Cancelling a re-composite keeps the result it started from.
    if (kept) {
      setFile(kept.file);
      return;
    }
    recomposite.clear();
    refine.forget();
    setFile(null);
    lastRun.current = null;
  };

  const openResultInEditor = useOpenInEditor(t('tools.blurBackground.title'));
  const openInEditor = () => openResultInEditor(kept?.blob ?? null, kept?.sourceName);

  usePasteImage(submit);
  usePreventFileNavigation();
  useKey('Escape', cancel, busy);

  // One message per failure, on the page (beside the kept result or as the failure panel); 1010103's is the credits dialog.
  const errorMessage = useTaskErrorToast(task, { toast: false });
  const creditsRefusal = task.errorCode === ResultCode.CREDITS_NOT_ENOUGH;

  const preview = kept?.url ?? task.sourceUrl;
  return (
    <div className="container tool-page blur-page" data-testid="page.blurBackground">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.blurBackground.title')}</h1>
        <p className="lead">{t('bgblur.subtitle')}</p>
        <CostNote type="bgblur" />
      </header>

      <HiddenFileInput ref={input} onFile={submit} />

      <FileDropZone onFile={submit} enabled={!busy}>
        <div className={`card workspace workspace--${task.phase}`} data-phase={task.phase}>
          {task.phase === 'idle' && !kept && <UploadPrompt onPick={() => input.current?.click()} />}

          {file && (task.phase !== 'idle' || kept) && <BlurControls settings={settings} onChange={setSettings} />}

          {busy && (
            <>
              {preview && <img className="blur-page__preview is-dimmed" src={preview} alt={t('bgRemover.sourceAlt')} data-testid="source.image" />}
              <StageProgress
                label={t(`bgblur.stage.${task.phase}`)}
                progress={task.progress}
                phase={task.phase}
                queueAhead={task.queueAhead}
                onCancel={cancel}
              />
            </>
          )}

          {!busy && kept && (
            <>
              {task.phase === 'failed' && !creditsRefusal && (
                <p className="result-failed-note" role="alert" data-testid="task.error">
                  {errorMessage} {t('common.resultKept')}
                </p>
              )}
              <RefinableResult refine={refine} kept={kept}>
                <CompareSlider beforeUrl={kept.photoUrl} afterUrl={kept.url} resultAlt={t('common.editedImageAlt')} />
                <ResultActions
                  naming={{ original: kept.sourceName, tool: 'blurred-background' }}
                  resultBlob={kept.blob}
                  onNewImage={startOver}
                  onOpenInEditor={() => void openInEditor()}
                />
              </RefinableResult>
            </>
          )}

          {task.phase === 'failed' && !kept && <TaskFailedPanel message={errorMessage} onRetry={task.retry} onNewImage={startOver} />}
        </div>
      </FileDropZone>

      <HowItWorks headingId="bgblur-how" variant="tool" />
    </div>
  );
}

/** Strength and edge-softness sliders; each change re-runs the blur (debounced by the page). */
export function BlurControls({ settings, onChange }: { settings: BlurSettings; onChange(next: BlurSettings): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="blur-controls" data-testid="bgblur.controls">
      <legend className="visually-hidden">{t('bgblur.settings')}</legend>
      <label className="blur-controls__field">
        <span className="blur-controls__label">{t('bgblur.strength')}</span>
        <input
          type="range"
          min={0}
          max={TASKS.bgblur.limits.maxStrength}
          step={1}
          value={settings.strength}
          data-testid="bgblur.strength"
          onChange={(event) => onChange({ ...settings, strength: Number(event.target.value) })}
        />
        <output className="blur-controls__value">{settings.strength}</output>
      </label>
      <label className="blur-controls__field">
        <span className="blur-controls__label">{t('bgblur.feather')}</span>
        <input
          type="range"
          min={0}
          max={FEATHER_SLIDER_MAX}
          step={1}
          value={settings.feather}
          data-testid="bgblur.feather"
          onChange={(event) => onChange({ ...settings, feather: Number(event.target.value) })}
        />
        <output className="blur-controls__value">{t('bgblur.featherValue', { px: settings.feather })}</output>
      </label>
      <p className="muted small blur-controls__hint">{t('bgblur.rerunHint')}</p>
    </fieldset>
  );
}
