/**
 * /tools/id-photo-edit?pid=…: an ID photo project. The photo is redone on the server with the user's
 * head size, vertical and horizontal position (always inside the template's band, which is drawn over
 * the photo) and background colour; "Save" writes it into the project, "Export" downloads the JPEG.
 */
import { fetchFile } from '../../../api/http';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { LocalLink } from '../../../components/LocalLink';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Project } from '../../../../engine/doc/types';
import { MAX_SHIFT_X, type IdPhotoAdjust } from '../../../../engine/idphoto/layout';
import { findIdPhotoTemplate } from '../../../../engine/idphoto/templates';
import { loadProject, projectAssetUrl } from '../../../api/projectsApi';
import { useToast } from '../../../components/ToastContext';
import { useImageTask, type ImageTaskPhase } from '../../../tools/useImageTask';
import { useTaskErrorToast } from '../../../tools/useToolResult';
import { StageProgress } from '../extender/StageProgress';
import { BandOverlay } from './BandOverlay';
import { downloadBlob } from './downloadBlob';
import { readIdPhotoParams, saveIdPhotoProject, type IdPhotoProjectParams } from './idPhotoProject';
import { idPhotoProblem, templateTitle } from './idPhotoText';
import { ProblemPanel } from './ProblemPanel';
import { ResultInfo } from './ResultInfo';
import { TemplateOptions } from './TemplateOptions';
import './IdPhoto.css';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];
/** Sliders fire many changes: the photo is redone once the user paused this long. */
const RERUN_DELAY_MS = 500;

type Loaded = { project: Project; revision: number; params: IdPhotoProjectParams; source: File };

export function IdPhotoEditPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [search] = useSearchParams();
  const pid = search.get('pid') ?? '';
  const task = useImageTask('idphoto');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [adjust, setAdjust] = useState<IdPhotoAdjust | null>(null);
  const [bgColor, setBgColor] = useState('');
  const [saved, setSaved] = useState(true);
  const lastRun = useRef('');
  const busy = BUSY.includes(task.phase);

  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      try {
        const { project, revision } = await loadProject(pid, abort.signal);
        const params = readIdPhotoParams(project);
        if (!params) throw new Error('not an ID photo project');
        const blob = await fetchFile(projectAssetUrl(pid, params.sourceAssetId), { signal: abort.signal, what: 'source photo' });
        const source = new File([blob], `${project.name || 'portrait'}.jpg`, { type: blob.type || 'image/jpeg' });
        setLoaded({ project, revision, params, source });
        setAdjust(params.adjust);
        setBgColor(params.bgColor);
      } catch {
        if (!abort.signal.aborted) setLoadError(true);
      }
    })();
    return () => abort.abort();
  }, [pid]);

  const template = loaded ? findIdPhotoTemplate(loaded.params.templateId)! : null;
  const key = adjust ? JSON.stringify([adjust, bgColor]) : '';

  const run = useEffectEvent(() => {
    if (!loaded || !adjust || busy || key === lastRun.current) return;
    lastRun.current = key;
    task.start(loaded.source, { templateId: loaded.params.templateId, bgColor, adjust, output: 'photo' });
  });
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(run, lastRun.current ? RERUN_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [key, task.phase]); // eslint-disable-line react-hooks/exhaustive-deps

  const change = (next: Partial<IdPhotoAdjust>) => {
    setAdjust((a) => (a ? { ...a, ...next } : a));
    setSaved(false);
  };

  const save = async () => {
    if (!loaded || !adjust || !task.resultBlob) return;
    try {
      const params = { ...loaded.params, adjust, bgColor };
      const revision = await saveIdPhotoProject(loaded.project, loaded.revision, task.resultBlob, params);
      setLoaded({ ...loaded, revision, params });
      setSaved(true);
      toast.show(t('idphoto.edit.saved'), 'success');
    } catch {
      toast.show(t('errors.unknown'), 'error');
    }
  };

  const errorMessage = useTaskErrorToast(task);
  if (loadError) {
    // A link without a (known) pid: say so in a card with the way back to the maker, not one bare line.
    return (
      <section className="container page-narrow" data-testid="page.idPhotoEdit">
        <div className="card placeholder" role="alert" data-testid="idphoto.edit.notFound">
          <h1 className="page-title">{t('tools.idPhotoEdit.title')}</h1>
          <p className="lead">{t('idphoto.edit.notFound')}</p>
          <div className="button-row">
            <LocalLink to="/tools/id-photo-maker" className="button button--primary">{t('tools.idPhotoMaker.title')}</LocalLink>
          </div>
        </div>
      </section>
    );
  }
  if (!loaded || !template || !adjust) return <div className="page-loading" aria-busy="true" data-testid="page.idPhotoEdit" />;

  return (
    <div className="container tool-page idp-page" data-testid="page.idPhotoEdit" data-pid={pid}>
      <header className="page-header center">
        <h1 className="page-title">{t('tools.idPhotoEdit.title')}</h1>
        <p className="lead">{templateTitle(t, template, i18n.language)}</p>
      </header>
      <div className="idp-layout">
        <div className="card idp-controls">
          <TemplateOptions template={template} bgColor={bgColor} onBgColor={(c) => { setBgColor(c); setSaved(false); }} />
          <Slider label={t('idphoto.edit.headSize')} testId="idphoto.edit.zoom" value={Math.round(adjust.headSize * 100)} min={0} max={100} onChange={(v) => change({ headSize: v / 100 })} />
          <Slider label={t('idphoto.edit.vertical')} testId="idphoto.edit.vertical" value={Math.round(adjust.topMargin * 100)} min={0} max={100} onChange={(v) => change({ topMargin: v / 100 })} />
          <Slider label={t('idphoto.edit.horizontal')} testId="idphoto.edit.horizontal" value={Math.round(adjust.shiftX * 100)} min={-MAX_SHIFT_X * 100} max={MAX_SHIFT_X * 100} onChange={(v) => change({ shiftX: v / 100 })} />
          <p className="muted small">{t('idphoto.edit.bandHint')}</p>
          <div className="idp-actions">
            <button type="button" className="button button--primary" disabled={!task.resultBlob || busy || saved} onClick={() => void save()} data-testid="idphoto.edit.save">{t('idphoto.edit.save')}</button>
            <button type="button" className="button button--secondary" disabled={!task.resultBlob || busy}
              onClick={() => task.resultBlob && downloadBlob(task.resultBlob, `${loaded.project.name || 'id-photo'}-${template.templateId}.jpg`)} data-testid="idphoto.edit.export">
              {t('idphoto.edit.export')}
            </button>
          </div>
        </div>
        <div className="card workspace idp-edit-stage" data-phase={task.phase}>
          {busy && <StageProgress label={t(`idphoto.stage.${task.phase}`)} progress={task.progress} phase={task.phase} queueAhead={task.queueAhead} onCancel={task.cancel} />}
          {task.phase === 'done' && task.resultUrl && (
            <>
              <div className="idp-edit-frame" style={{ aspectRatio: `${template.pixelWidth} / ${template.pixelHeight}` }}>
                <img src={task.resultUrl} alt={t('idphoto.resultAlt')} data-testid="idphoto.edit.result" data-key={lastRun.current} />
                <BandOverlay template={template} adjust={adjust} />
              </div>
              <ResultInfo blob={task.resultBlob} dpi={template.dpi} />
            </>
          )}
          {task.phase === 'failed' && <ProblemPanel problem={idPhotoProblem(task.errorDetail)} fallback={errorMessage} onRetry={task.retry} onNewImage={() => history.back()} />}
        </div>
      </div>
    </div>
  );
}

function Slider({ label, testId, value, min, max, onChange }: { label: string; testId: string; value: number; min: number; max: number; onChange(v: number): void }) {
  return (
    <label className="idp-slider">
      <span className="idp-options__label">{label}</span>
      <input type="range" min={min} max={max} step={1} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId} />
      <output>{value}</output>
    </label>
  );
}
