/**
 * /tools/id-photo-maker: pick a country template, upload a portrait → the `idphoto` task finds the face,
 * crops the head into the template's band, replaces the background with an allowed colour and returns
 * the photo at the exact pixel size and DPI (or a print sheet). A refused photo shows what is wrong and
 * what to do. "Adjust" stores an ID photo project (IDP_) and opens /tools/id-photo-edit.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_ADJUST } from '../../../../engine/idphoto/layout';
import type { IdPhotoOutput } from '../../../../engine/idphoto/params';
import type { IdPhotoTemplate } from '../../../../engine/idphoto/template';
import { DEFAULT_ID_PHOTO_TEMPLATE_ID, findIdPhotoTemplate } from '../../../../engine/idphoto/templates';
import { useLocalize } from '../../../app/useLang';
import { FileDropZone } from '../../../components/FileDropZone';
import { HiddenFileInput } from '../../../components/HiddenFileInput';
import { useToast } from '../../../components/ToastContext';
import { UploadPrompt } from '../../../components/UploadPrompt';
import { usePasteImage } from '../../../hooks/usePasteImage';
import { usePreventFileNavigation } from '../../../hooks/usePreventFileNavigation';
import { checkImageFile } from '../../../tools/checkImageFile';
import { useImageTask, type ImageTaskPhase } from '../../../tools/useImageTask';
import { useTaskErrorToast } from '../../../tools/useToolResult';
import { resultFileName } from '../../../editor/persistence/downloadName';
import { StageProgress } from '../extender/StageProgress';
import { downloadBlob } from './downloadBlob';
import { createIdPhotoProject } from './idPhotoProject';
import { idPhotoProblem, templateTitle } from './idPhotoText';
import { ProblemPanel } from './ProblemPanel';
import { RequirementTips } from './RequirementTips';
import { ResultInfo } from './ResultInfo';
import { TemplateOptions } from './TemplateOptions';
import { TemplatePicker } from './TemplatePicker';
import './IdPhoto.css';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];

interface RunSettings {
  templateId: string;
  bgColor: string;
  output: IdPhotoOutput;
}

const same = (a: RunSettings | null, b: RunSettings) => !!a && a.templateId === b.templateId && a.bgColor === b.bgColor && a.output === b.output;

export function IdPhotoMakerPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const task = useImageTask('idphoto');
  const input = useRef<HTMLInputElement>(null);
  const busy = BUSY.includes(task.phase);
  const [template, setTemplate] = useState<IdPhotoTemplate>(findIdPhotoTemplate(DEFAULT_ID_PHOTO_TEMPLATE_ID)!);
  const [bgColor, setBgColor] = useState(template.limitBgColors[0]);
  const [output, setOutput] = useState<IdPhotoOutput>('photo');
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const lastRun = useRef<RunSettings | null>(null);
  const settings: RunSettings = { templateId: template.templateId, bgColor, output };

  const run = (photo: File, next: RunSettings) => {
    lastRun.current = next;
    task.start(photo, { templateId: next.templateId, bgColor: next.bgColor, output: next.output, adjust: DEFAULT_ADJUST });
  };

  const submit = (picked: File) => {
    if (busy) return;
    const problem = checkImageFile(picked);
    if (problem) {
      toast.show(t(problem.key, problem.params), 'error');
      return;
    }
    setFile(picked);
    run(picked, settings);
  };

  // A new template, colour or output redoes the photo from the same file (the server reuses its cut-out).
  const rerun = useEffectEvent(() => { if (file) run(file, settings); });
  useEffect(() => {
    if (!file || busy || task.phase === 'idle' || same(lastRun.current, settings)) return;
    rerun();
  }, [file, settings.templateId, settings.bgColor, settings.output, task.phase]); // eslint-disable-line react-hooks/exhaustive-deps

  const pickTemplate = (next: IdPhotoTemplate) => {
    setTemplate(next);
    setBgColor(next.limitBgColors[0]);
  };

  const startOver = () => {
    task.reset();
    setFile(null);
    lastRun.current = null;
  };

  const openEditor = async () => {
    if (!file || !task.resultBlob) return;
    setSaving(true);
    try {
      const name = `${file.name.replace(/\.[a-z0-9]{1,5}$/i, '')} – ${templateTitle(t, template, i18n.language)}`;
      const pid = await createIdPhotoProject(file, task.resultBlob, { templateId: template.templateId, bgColor, adjust: DEFAULT_ADJUST }, name);
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
  const problem = idPhotoProblem(task.errorDetail);

  return (
    <div className="container tool-page idp-page" data-testid="page.idPhotoMaker">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.idPhotoMaker.title')}</h1>
        <p className="lead">{t('idphoto.subtitle')}</p>
      </header>
      <RequirementTips />
      <div className="idp-layout">
        <TemplatePicker selectedId={template.templateId} onSelect={pickTemplate} />
        <div className="idp-main">
          <TemplateOptions template={template} bgColor={bgColor} onBgColor={setBgColor} output={output} onOutput={setOutput} />
          <HiddenFileInput ref={input} onFile={submit} />
          <FileDropZone onFile={submit} enabled={!busy}>
            <div className={`card workspace workspace--${task.phase}`} data-phase={task.phase}>
              {task.phase === 'idle' && <UploadPrompt onPick={() => input.current?.click()} />}
              {busy && <StageProgress label={t(`idphoto.stage.${task.phase}`)} progress={task.progress} phase={task.phase} queueAhead={task.queueAhead} onCancel={startOver} />}
              {task.phase === 'done' && task.resultUrl && (
                <div className="idp-result">
                  <img className="idp-result__image" src={task.resultUrl} alt={t('idphoto.resultAlt')} data-testid="idphoto.result" data-template={lastRun.current?.templateId} />
                  <ResultInfo blob={task.resultBlob} dpi={template.dpi} />
                  <div className="idp-actions">
                    <button type="button" className="button button--primary" data-testid="idphoto.download"
                      onClick={() => task.resultBlob && downloadBlob(task.resultBlob, resultFileName(task.sourceName, `${template.templateId}`, 'jpg'))}>
                      {t('idphoto.download')}
                    </button>
                    {output === 'photo' && (
                      <button type="button" className="button button--secondary" disabled={saving} onClick={() => void openEditor()} data-testid="idphoto.edit">
                        {t('idphoto.adjust')}
                      </button>
                    )}
                    <button type="button" className="button button--ghost" onClick={() => input.current?.click()} data-testid="idphoto.newPhoto">{t('idphoto.newPhoto')}</button>
                  </div>
                </div>
              )}
              {task.phase === 'failed' && <ProblemPanel problem={problem} fallback={errorMessage} onRetry={task.retry} onNewImage={startOver} />}
            </div>
          </FileDropZone>
        </div>
      </div>
    </div>
  );
}
