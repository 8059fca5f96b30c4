import { useTranslation } from 'react-i18next';

/**
 * The home hero picture, drawn in SVG so the landing page needs no image
 * assets: a portrait whose left half keeps its background and whose right
 * half shows the transparency checkerboard, split by a compare handle.
 */
export function HeroIllustration() {
  const { t } = useTranslation();
  return (
    <svg className="hero-art" viewBox="0 0 400 300" role="img" aria-label={t('home.heroImageAlt')}>
      <defs>
        <pattern id="hero-checker" width="20" height="20" patternUnits="userSpaceOnUse">
          <rect width="20" height="20" fill="#fff" />
          <path d="M0 0h10v10H0zM10 10h10v10H10z" fill="#e5e7eb" />
        </pattern>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#c7d2fe" />
          <stop offset="1" stopColor="#fde68a" />
        </linearGradient>
        <clipPath id="hero-frame">
          <rect width="400" height="300" rx="22" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect width="200" height="300" fill="url(#hero-sky)" />
        <path d="M0 225q55-45 115-12t85-5v92H0z" fill="#86efac" />
        <circle cx="52" cy="62" r="20" fill="#fff7cc" />
        <rect x="200" width="200" height="300" fill="url(#hero-checker)" />
        <path d="M108 300c0-70 38-108 92-108s92 38 92 108z" fill="#4f46e5" />
        <path d="M170 192h60l-30 40z" fill="#eef2ff" />
        <circle cx="200" cy="128" r="46" fill="#f2c4a0" />
        <path d="M154 124c0-34 20-52 46-52s46 18 46 52c-8-18-24-26-46-26s-38 8-46 26z" fill="#3f2a1d" />
        <line x1="200" y1="0" x2="200" y2="300" stroke="#fff" strokeWidth="4" />
        <circle cx="200" cy="250" r="17" fill="#fff" stroke="#4f46e5" strokeWidth="3" />
        <path d="M194 244l-6 6 6 6M206 244l6 6-6 6" fill="none" stroke="#4f46e5" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </g>
    </svg>
  );
}
