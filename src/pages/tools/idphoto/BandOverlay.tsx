/**
 * The allowed band drawn over the photo on the edit page: where the top of the head may be, where the
 * chin may be (and the eye line, for US templates), plus the lines where the current settings put them.
 */
import { useTranslation } from 'react-i18next';
import { innerBand, normaliseAdjust, type IdPhotoAdjust } from '../../../../engine/idphoto/layout';
import type { IdPhotoTemplate } from '../../../../engine/idphoto/template';

const lerp = (b: readonly [number, number], t: number) => b[0] + (b[1] - b[0]) * t;

/** Where the settings aim the crown and the chin, percent of the height from the top. */
export function plannedLines(template: IdPhotoTemplate, adjust: IdPhotoAdjust): { crown: number; chin: number } {
  const a = normaliseAdjust(adjust);
  const crown = lerp(innerBand(template.topPercent), a.topMargin);
  return { crown, chin: crown + lerp(innerBand(template.headPercent), a.headSize) };
}

export function BandOverlay({ template, adjust }: { template: IdPhotoTemplate; adjust: IdPhotoAdjust }) {
  const { t } = useTranslation();
  const W = template.pixelWidth;
  const H = template.pixelHeight;
  const y = (pct: number) => (pct / 100) * H;
  const [top0, top1] = template.topPercent;
  const chin0 = top0 + template.headPercent[0];
  const chin1 = Math.min(100, top1 + template.headPercent[1]);
  const eye = template.eyePercent;
  const lines = plannedLines(template, adjust);
  return (
    <svg
      className="idp-band"
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      data-testid="idphoto.band"
      aria-label={t('idphoto.edit.bandLabel')}
      role="img"
    >
      <rect x={0} y={y(top0)} width={W} height={y(top1 - top0)} className="idp-band__zone idp-band__zone--crown" />
      <rect x={0} y={y(chin0)} width={W} height={y(chin1 - chin0)} className="idp-band__zone idp-band__zone--chin" />
      {eye && <rect x={0} y={H - y(eye[1])} width={W} height={y(eye[1] - eye[0])} className="idp-band__zone idp-band__zone--eyes" />}
      <line x1={0} x2={W} y1={y(lines.crown)} y2={y(lines.crown)} className="idp-band__line" />
      <line x1={0} x2={W} y1={y(lines.chin)} y2={y(lines.chin)} className="idp-band__line" />
      <line x1={W / 2} x2={W / 2} y1={0} y2={H} className="idp-band__centre" />
      <text x={6} y={y(top0) + 16} className="idp-band__text">
        {t('idphoto.edit.crownZone')}
      </text>
      <text x={6} y={y(chin1) - 6} className="idp-band__text">
        {t('idphoto.edit.chinZone')}
      </text>
    </svg>
  );
}
