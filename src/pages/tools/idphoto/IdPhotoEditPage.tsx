/**
 * /tools/id-photo-edit?pid=…: an ID photo project. Head size, vertical and horizontal position (always
 * inside the template's band, which is drawn over the photo) move the photo on the client at once; when
 * the user pauses, the photo is redrawn by a free re-render of the stored analysis (idPhotoApi.ts), so no
 * slider move costs a credit (issue 26 item 4, issue 29). Only when the server no longer has the analysis
 * does the page offer to prepare the photo again, which is the one paid step. "Save" writes the result
 * into the project, "Export" downloads the JPEG.
 */
import { fetchFile } from '../../../api/http';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { LocalLink } from '../../../components/LocalLink';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Project } from '../../../../engine/doc/types';
import { MAX_SHIFT_X, innerBand, type IdPhotoAdjust } from '../../../../engine/idphoto/layout';
import type { IdPhotoProblem } from '../../../../engine/idphoto/checks';
import type { IdPhotoTemplate } from '../../../../engine/idphoto/template';
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
import { AdviceList } from './AdviceList';
import { renderFree } from './idPhotoApi';
import { ResultInfo } from './ResultInfo';
import { TemplateOptions } from './TemplateOptions';
import type { IdPhotoAdvice } from '../../../../engine/idphoto/checks';
import './IdPhoto.css';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];
/** Sliders fire many changes: the preview follows at once, the photo is redrawn once the user paused this long. */
const RERUN_DELAY_MS = 400;

const lerp = (b: readonly [number, number], t: number) => b[0] + (b[1] - b[0]) * t;

/**
 * The CSS transform that turns the photo rendered with `from` into (nearly) the one `to` would give:
 * the head scales with the head band's share and its crown and centre move with the top margin and
 * the shift (layout.ts placeHead; exact except where a US eye rule moves the top margin itself).
 */
export function previewTransform(template: IdPhotoTemplate, from: IdPhotoAdjust, to: IdPhotoAdjust): string {
  const head0 = lerp(innerBand(template.headPercent), from.headSize);
  const head1 = lerp(innerBand(template.headPercent), to.headSize);
  const top0 = lerp(innerBand(template.topPercent), from.topMargin);
  const top1 = lerp(innerBand(template.topPercent), to.topMargin);
  const f = head1 / head0;
  const cx = 50 + to.shiftX * 100 - f * (50 + from.shiftX * 100);
  const cy = top1 - f * top0;
  return `translate(${cx.toFixed(3)}%, ${cy.toFixed(3)}%) scale(${f.toFixed(4)})`;
}

type Rendered = { blob: Blob; url: string; adjust: IdPhotoAdjust; bgColor: string; advice: IdPhotoAdvice[] };

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
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const [rendering, setRendering] = useState(false);
  const [gone, setGone] = useState(false);
  const [refused, setRefused] = useState<IdPhotoProblem | null>(null);
  const lastRun = useRef('');
  const generation = useRef(0);
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

  // The free redraw: the stored analysis (named by the portrait's asset id, its SHA-256) cropped anew.
  const run = useEffectEvent(async () => {
    if (!loaded || !adjust || busy || gone || key === lastRun.current) return;
    lastRun.current = key;
    const mine = ++generation.current;
    const asked = { adjust, bgColor };
    setRendering(true);
    try {
      const answer = await renderFree(loaded.params.sourceAssetId, {
        templateId: loaded.params.templateId,
        bgColor: asked.bgColor,
        adjust: asked.adjust,
        output: 'photo',
      });
      if (mine !== generation.current) return;
      if (answer.ok) {
        setRendered((old) => {
          if (old) URL.revokeObjectURL(old.url);
          return { blob: answer.blob, url: URL.createObjectURL(answer.blob), adjust: answer.adjust, bgColor: asked.bgColor, advice: answer.advice };
        });
        setRefused(null);
      } else if (answer.problem === 'analysisGone') {
        setGone(true);
      } else {
        setRefused(answer.problem);
      }
    } catch {
      if (mine === generation.current) toast.show(t('errors.unknown'), 'error');
    } finally {
      if (mine === generation.current) setRendering(false);
    }
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: run() reads the latest state itself (useEffectEvent); a new key, a finished task or a gone photo schedules it
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => void run(), lastRun.current ? RERUN_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [key, task.phase, gone]);

  // The paid task (only when the analysis was gone) stores a new analysis: redraw for free from it.
  useEffect(() => {
    if (task.phase !== 'done' || !gone) return;
    lastRun.current = '';
    setGone(false);
  }, [task.phase, gone]);

  const prepareAgain = () => {
    if (!loaded || !adjust) return;
    task.start(loaded.source, { templateId: loaded.params.templateId, bgColor, adjust, output: 'photo' });
  };
  const resultBlob = rendered?.blob ?? null;
  const settled = !!rendered && !rendering && JSON.stringify([rendered.adjust, rendered.bgColor]) === JSON.stringify([adjust, bgColor]);

  const change = (next: Partial<IdPhotoAdjust>) => {
    setAdjust((a) => (a ? { ...a, ...next } : a));
    setSaved(false);
  };

  const save = async () => {
    if (!loaded || !adjust || !resultBlob) return;
    try {
      const params = { ...loaded.params, adjust: rendered!.adjust, bgColor };
      const revision = await saveIdPhotoProject(loaded.project, loaded.revision, resultBlob, params);
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
            <LocalLink to="/tools/id-photo-maker" className="button button--primary">
              {t('tools.idPhotoMaker.title')}
            </LocalLink>
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
          <TemplateOptions
            template={template}
            bgColor={bgColor}
            onBgColor={(c) => {
              setBgColor(c);
              setSaved(false);
            }}
          />
          <Slider
            label={t('idphoto.edit.headSize')}
            testId="idphoto.edit.zoom"
            value={Math.round(adjust.headSize * 100)}
            min={0}
            max={100}
            onChange={(v) => change({ headSize: v / 100 })}
          />
          <Slider
            label={t('idphoto.edit.vertical')}
            testId="idphoto.edit.vertical"
            value={Math.round(adjust.topMargin * 100)}
            min={0}
            max={100}
            onChange={(v) => change({ topMargin: v / 100 })}
          />
          <Slider
            label={t('idphoto.edit.horizontal')}
            testId="idphoto.edit.horizontal"
            value={Math.round(adjust.shiftX * 100)}
            min={-MAX_SHIFT_X * 100}
            max={MAX_SHIFT_X * 100}
            onChange={(v) => change({ shiftX: v / 100 })}
          />
          <p className="muted small">{t('idphoto.edit.bandHint')}</p>
          <p className="small idp-cost" data-testid="idphoto.edit.freeNote">
            {t('idphoto.edit.freeNote')}
          </p>
          <div className="idp-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!settled || busy || saved}
              onClick={() => void save()}
              data-testid="idphoto.edit.save"
            >
              {t('idphoto.edit.save')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={!settled || busy}
              onClick={() => resultBlob && downloadBlob(resultBlob, `${loaded.project.name || 'id-photo'}-${template.templateId}.jpg`)}
              data-testid="idphoto.edit.export"
            >
              {t('idphoto.edit.export')}
            </button>
          </div>
        </div>
        <div className="card workspace idp-edit-stage" data-phase={busy ? task.phase : rendered ? 'done' : task.phase} data-rendering={rendering ? '1' : '0'}>
          {busy && (
            <StageProgress
              label={t(`idphoto.stage.${task.phase}`)}
              progress={task.progress}
              phase={task.phase}
              queueAhead={task.queueAhead}
              onCancel={task.cancel}
            />
          )}
          {!busy && gone && (
            <div className="idp-problem" role="alert" data-testid="idphoto.edit.gone">
              <p className="idp-problem__title">{t('idphoto.problem.analysisGone.title')}</p>
              <p className="idp-problem__advice">{t('idphoto.problem.analysisGone.advice')}</p>
              <button type="button" className="button button--primary" onClick={prepareAgain} data-testid="idphoto.edit.prepare">
                {t('idphoto.edit.prepare')}
              </button>
            </div>
          )}
          {!busy && !gone && rendered && !refused && (
            <>
              <div className="idp-edit-frame" style={{ aspectRatio: `${template.pixelWidth} / ${template.pixelHeight}`, background: bgColor }}>
                {/* The last redraw, moved and scaled on the client to where the sliders now put the head. */}
                <img
                  className="idp-preview"
                  src={rendered.url}
                  alt={t('idphoto.resultAlt')}
                  data-testid="idphoto.edit.result"
                  data-key={lastRun.current}
                  data-settled={settled ? '1' : '0'}
                  style={{ transform: previewTransform(template, rendered.adjust, adjust) }}
                />
                <BandOverlay template={template} adjust={adjust} />
              </div>
              <ResultInfo blob={rendered.blob} dpi={template.dpi} />
              <AdviceList advice={rendered.advice} template={template} />
            </>
          )}
          {!busy && refused && (
            <ProblemPanel
              problem={refused}
              fallback={errorMessage}
              onRetry={() => {
                lastRun.current = '';
                setRefused(null);
              }}
              onNewImage={() => history.back()}
            />
          )}
          {task.phase === 'failed' && (
            <ProblemPanel problem={idPhotoProblem(task.errorDetail)} fallback={errorMessage} onRetry={task.retry} onNewImage={() => history.back()} />
          )}
        </div>
      </div>
    </div>
  );
}

function Slider({
  label,
  testId,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  testId: string;
  value: number;
  min: number;
  max: number;
  onChange(v: number): void;
}) {
  return (
    <label className="idp-slider">
      <span className="idp-options__label">{label}</span>
      <input type="range" min={min} max={max} step={1} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId} />
      <output>{value}</output>
    </label>
  );
}
