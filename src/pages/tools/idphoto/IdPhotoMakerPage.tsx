/**
 * /tools/id-photo-maker: pick a country template, upload a portrait → the `idphoto` task finds the face,
 * crops the head into the template's band, replaces the background with an allowed colour and returns
 * the photo at the exact pixel size and DPI (or a print sheet). That first analysis is the one paid step:
 * another country, colour or output afterwards is a free re-render (useIdPhotoResult.ts), and the page
 * says so before the upload. A refused photo shows what is wrong and what to do; advice on what a
 * reader may object to (open mouth, gaze, glare…) shows under the result. "Adjust" stores an ID photo
 * project (IDP_) and opens /tools/id-photo-edit.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_ADJUST } from '../../../../engine/idphoto/layout';
import type { IdPhotoOutput } from '../../../../engine/idphoto/params';
import type { IdPhotoTemplate } from '../../../../engine/idphoto/template';
import { DEFAULT_ID_PHOTO_TEMPLATE_ID, findIdPhotoTemplate } from '../../../../engine/idphoto/templates';
import { useLocalize } from '../../../hooks/useLang';
import { FileDropZone } from '../../../components/FileDropZone';
import { HiddenFileInput } from '../../../components/HiddenFileInput';
import { useToast } from '../../../components/ToastContext';
import { UploadPrompt } from '../../../tools/UploadPrompt';
import { usePasteImage } from '../../../hooks/usePasteImage';
import { usePreventFileNavigation } from '../../../hooks/usePreventFileNavigation';
import { checkImageFile } from '../../../tools/checkImageFile';
import type { ImageTaskPhase } from '../../../tools/useImageTask';
import { useTaskErrorToast } from '../../../tools/useToolResult';
import { resultFileName } from '../../../tools/downloadName';
import { StageProgress } from '../extender/StageProgress';
import { downloadBlob } from './downloadBlob';
import { createIdPhotoProject } from './idPhotoProject';
import { idPhotoProblem, templateTitle } from './idPhotoText';
import { AdviceList } from './AdviceList';
import { ProblemPanel } from './ProblemPanel';
import { RequirementTips } from './RequirementTips';
import { ResultInfo } from './ResultInfo';
import { TemplateOptions } from './TemplateOptions';
import { TemplatePicker } from './TemplatePicker';
import { useIdPhotoResult, type IdPhotoSettings } from './useIdPhotoResult';
import './IdPhoto.css';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];

export function IdPhotoMakerPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const input = useRef<HTMLInputElement>(null);
  const [template, setTemplate] = useState<IdPhotoTemplate>(findIdPhotoTemplate(DEFAULT_ID_PHOTO_TEMPLATE_ID)!);
  const [bgColor, setBgColor] = useState(template.limitBgColors[0]);
  const [output, setOutput] = useState<IdPhotoOutput>('photo');
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const settings: IdPhotoSettings = { templateId: template.templateId, bgColor, output };
  const result = useIdPhotoResult(settings);
  const { task } = result;
  const busy = BUSY.includes(task.phase);

  const submit = (picked: File) => {
    if (busy) return;
    const problem = checkImageFile(picked);
    if (problem) {
      toast.show(t(problem.key, problem.params), 'error');
      return;
    }
    setFile(picked);
    result.start(picked, settings);
  };

  const pickTemplate = (next: IdPhotoTemplate) => {
    setTemplate(next);
    setBgColor(next.limitBgColors[0]);
  };

  const startOver = () => {
    result.reset();
    setFile(null);
  };

  const openEditor = async () => {
    if (!file || !result.blob) return;
    setSaving(true);
    try {
      const name = `${file.name.replace(/\.[a-z0-9]{1,5}$/i, '')} – ${templateTitle(t, template, i18n.language)}`;
      const pid = await createIdPhotoProject(file, result.blob, { templateId: template.templateId, bgColor, adjust: DEFAULT_ADJUST }, name);
      navigate(localize(`/tools/id-photo-edit?pid=${encodeURIComponent(pid)}`));
    } catch {
      toast.show(t('errors.unknown'), 'error');
    } finally {
      setSaving(false);
    }
  };

  usePasteImage(submit);
  usePreventFileNavigation();
  const errorMessage = useTaskErrorToast(task);
  const problem = result.refused ?? idPhotoProblem(task.errorDetail);
  const showResult = !!result.url && !result.refused;
  const phase = showResult ? 'done' : result.refused ? 'failed' : busy || (file && result.rendering) ? 'processing' : task.phase;
  const madeWith = result.madeWith;

  return (
    <div className="container tool-page idp-page" data-testid="page.idPhotoMaker">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.idPhotoMaker.title')}</h1>
        <p className="lead">{t('idphoto.subtitle')}</p>
      </header>
      <div className={`idp-layout${file ? ' idp-layout--has-photo' : ''}`}>
        <div className="idp-side">
          <TemplatePicker selectedId={template.templateId} onSelect={pickTemplate} />
          <RequirementTips />
        </div>
        <div className="idp-main">
          <TemplateOptions template={template} bgColor={bgColor} onBgColor={setBgColor} output={output} onOutput={setOutput} />
          <p className="small muted idp-cost" data-testid="idphoto.costNote">
            {t('idphoto.cost.note')}
          </p>
          <HiddenFileInput ref={input} onFile={submit} />
          <FileDropZone onFile={submit} enabled={!busy}>
            <div className={`card workspace workspace--${phase}`} data-phase={phase}>
              {phase === 'idle' && <UploadPrompt onPick={() => input.current?.click()} />}
              {!showResult && (busy || (file && result.rendering && !result.refused)) && (
                <StageProgress
                  label={t(`idphoto.stage.${busy ? task.phase : 'processing'}`)}
                  progress={busy ? task.progress : 0.5}
                  phase={busy ? task.phase : 'processing'}
                  queueAhead={busy ? task.queueAhead : null}
                  onCancel={startOver}
                />
              )}
              {showResult && (
                <div className={`idp-result${result.rendering ? ' is-rendering' : ''}`} aria-busy={result.rendering}>
                  <img
                    className="idp-result__image"
                    src={result.url!}
                    alt={t('idphoto.resultAlt')}
                    data-testid="idphoto.result"
                    data-template={madeWith?.templateId}
                    data-bg={madeWith?.bgColor}
                    data-output={madeWith?.output}
                    data-free-renders={result.freeRenders}
                  />
                  <ResultInfo blob={result.blob} dpi={template.dpi} />
                  {result.moved && (
                    <p className="small idp-note" data-testid="idphoto.moved">
                      {t('idphoto.moved')}
                    </p>
                  )}
                  <AdviceList advice={result.advice} template={template} />
                  <div className="idp-actions">
                    <button
                      type="button"
                      className="button button--primary"
                      data-testid="idphoto.download"
                      onClick={() =>
                        result.blob &&
                        downloadBlob(
                          result.blob,
                          resultFileName(task.sourceName ?? file?.name ?? null, `${madeWith?.templateId ?? template.templateId}`, 'jpg'),
                        )
                      }
                    >
                      {t('idphoto.download')}
                    </button>
                    {output === 'photo' && (
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={saving || result.rendering}
                        onClick={() => void openEditor()}
                        data-testid="idphoto.edit"
                      >
                        {t('idphoto.adjust')}
                      </button>
                    )}
                    <button type="button" className="button button--ghost" onClick={() => input.current?.click()} data-testid="idphoto.newPhoto">
                      {t('idphoto.newPhoto')}
                    </button>
                  </div>
                </div>
              )}
              {!showResult && !result.rendering && (result.refused || task.phase === 'failed') && (
                <ProblemPanel problem={problem} fallback={errorMessage} onRetry={() => file && result.start(file, settings)} onNewImage={startOver} />
              )}
            </div>
          </FileDropZone>
        </div>
      </div>
    </div>
  );
}
