/**
 * /tools/text-extractor: pick, drop or paste a photo → `textExtract` reads its lines (PP-OCRv4, Chinese
 * and English), drawn as boxes over the photo and listed for copying; or, in the Seal mode, `sealExtract`
 * lifts red round seals out as transparent PNGs and reads their ring and centre text.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultOcrScript, OCR_SCRIPTS, type OcrScript } from '../../../engine/spec/extraction';
import { FileDropZone } from '../../components/FileDropZone';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { HowItWorks } from '../../components/HowItWorks';
import { TaskFailedPanel } from '../../components/TaskFailedPanel';
import { useToast } from '../../components/ToastContext';
import { UploadPrompt } from '../../tools/UploadPrompt';
import { useKey } from '../../hooks/useKey';
import { usePasteImage } from '../../hooks/usePasteImage';
import { usePreventFileNavigation } from '../../hooks/usePreventFileNavigation';
import { checkImageFile } from '../../tools/checkImageFile';
import type { ImageTaskPhase } from '../../tools/useImageTask';
import { useTaskErrorToast } from '../../tools/useToolResult';
import { StageProgress } from './extender/StageProgress';
import { LinesList } from './extract/LinesList';
import { SealResults } from './extract/SealResults';
import { TextOverlay } from './extract/TextOverlay';
import { copyText, useExtraction, type ExtractMode } from './extract/useExtraction';
import './TextExtractorPage.css';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];
const MODES: readonly ExtractMode[] = ['text', 'seal'];

export function TextExtractorPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [mode, setMode] = useState<ExtractMode>('text');
  // The recogniser of the text mode; a Japanese page offers Japanese first.
  const [script, setScript] = useState<OcrScript>(() => defaultOcrScript(i18n.language));
  const textRun = useExtraction('text');
  const sealRun = useExtraction('seal');
  const run = mode === 'text' ? textRun : sealRun;
  const task = run.task;
  const busy = BUSY.includes(task.phase);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [active, setActive] = useState<number | null>(null);

  const submit = (picked: File, nextMode = mode, nextScript = script) => {
    if (busy) return;
    const problem = checkImageFile(picked);
    if (problem) {
      toast.show(t(problem.key, problem.params), 'error');
      return;
    }
    setFile(picked);
    setActive(null);
    if (nextMode === 'text') textRun.task.start(picked, { script: nextScript });
    else sealRun.task.start(picked);
  };
  const switchScript = (next: OcrScript) => {
    if (next === script || busy) return;
    setScript(next);
    // The photo on screen is read again with the other recogniser.
    if (file && mode === 'text') submit(file, 'text', next);
  };
  const switchMode = (next: ExtractMode) => {
    if (next === mode || busy) return;
    setMode(next);
    // The same photo is read again in the other mode, unless that mode already has its result.
    const other = next === 'text' ? textRun : sealRun;
    if (file && other.task.sourceName !== file.name) submit(file, next);
  };
  const startOver = () => {
    textRun.task.reset();
    sealRun.task.reset();
    setFile(null);
    setActive(null);
  };
  const cancel = () => {
    task.cancel();
    setFile(null);
  };
  const copy = (text: string) => {
    void copyText(text).then((ok) => toast.show(t(ok ? 'extract.copied' : 'extract.copyFailed'), ok ? 'success' : 'error'));
  };

  usePasteImage((picked) => submit(picked));
  usePreventFileNavigation();
  useKey('Escape', cancel, busy);
  const errorMessage = useTaskErrorToast(task);
  const baseName = (file?.name ?? 'photo').replace(/\.[a-z0-9]{1,5}$/i, '');

  return (
    <div className="container tool-page extract-page" data-testid="page.textExtractor">
      <header className="page-header center">
        <h1 className="page-title">{t('extract.tool.title')}</h1>
        <p className="lead">{t('extract.subtitle')}</p>
      </header>

      <div className="extract-modes" role="tablist" aria-label={t('extract.modeLabel')}>
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={`button button--secondary extract-mode${mode === m ? ' is-active' : ''}`}
            disabled={busy}
            onClick={() => switchMode(m)}
            data-testid={`extract.mode.${m}`}
          >
            {t(`extract.mode.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'text' && (
        <div className="extract-scripts" role="radiogroup" aria-label={t('extract.script.label')}>
          {OCR_SCRIPTS.map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={script === s}
              className={`extract-script${script === s ? ' is-active' : ''}`}
              disabled={busy}
              onClick={() => switchScript(s)}
              data-testid={`extract.script.${s}`}
            >
              {t(`extract.script.${s}`)}
            </button>
          ))}
        </div>
      )}
      <p className="extract-note">{t(mode === 'text' ? 'extract.text.languages' : 'extract.seal.hint')}</p>

      <HiddenFileInput ref={input} onFile={(picked) => submit(picked)} />

      <FileDropZone onFile={(picked) => submit(picked)} enabled={!busy}>
        <div className={`card workspace workspace--${task.phase}`} data-phase={task.phase}>
          {task.phase === 'idle' && <UploadPrompt onPick={() => input.current?.click()} />}

          {busy && (
            <>
              {task.sourceUrl && <img className="extract-page__preview is-dimmed" src={task.sourceUrl} alt={t('extract.photoAlt')} />}
              <StageProgress
                label={t(`extract.stage.${mode}.${task.phase}`)}
                progress={task.progress}
                phase={task.phase}
                queueAhead={task.queueAhead}
                onCancel={cancel}
              />
            </>
          )}

          {task.phase === 'done' && (
            <div className="extract-result" data-testid="extract.result">
              {mode === 'text' && run.text && task.sourceUrl && (
                <>
                  <TextOverlay
                    photoUrl={task.sourceUrl}
                    width={run.text.width}
                    height={run.text.height}
                    lines={run.text.lines}
                    active={active}
                    alt={t('extract.photoAlt')}
                    onPick={setActive}
                  />
                  <LinesList lines={run.text.lines} active={active} onActive={setActive} onCopy={copy} />
                </>
              )}
              {mode === 'seal' && run.seal && <SealResults result={run.seal} baseName={baseName} onCopy={copy} />}
              {run.unreadable && <p className="extract-empty">{t('errors.unknown')}</p>}
              <div className="extract-result__actions">
                <button type="button" className="button button--secondary" onClick={startOver} data-testid="extract.newPhoto">
                  {t('extract.newPhoto')}
                </button>
              </div>
            </div>
          )}

          {task.phase === 'failed' && <TaskFailedPanel message={errorMessage} onRetry={task.retry} onNewImage={startOver} />}
        </div>
      </FileDropZone>

      <HowItWorks headingId="extract-how" variant="extract" />
    </div>
  );
}
