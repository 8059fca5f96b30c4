/** Small line icons for the tool cards (inline SVG: no icon font, no extra request). */
import type { ReactNode } from 'react';
import type { AppRoute } from '../../engine/site/routes';

const ICONS: Record<string, ReactNode> = {
  scissors: (
    <>
      <circle cx="6" cy="6" r="3" />
      <circle cx="6" cy="18" r="3" />
      <path d="M20 4 8.1 15.9M14.5 14.5 20 20M8.1 8.1 12 12" />
    </>
  ),
  image: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
    </>
  ),
  sparkles: (
    <>
      <path d="M11 3l1.9 5.1L18 10l-5.1 1.9L11 17l-1.9-5.1L4 10l5.1-1.9z" />
      <path d="M19 15v5M16.5 17.5h5" />
    </>
  ),
  eraser: (
    <>
      <path d="m7 21-4.3-4.3c-1-1-1-2.5 0-3.4l9.6-9.6c1-1 2.5-1 3.4 0l5.6 5.6c1 1 1 2.5 0 3.4L13 21" />
      <path d="M22 21H7M5 11l9 9" />
    </>
  ),
  expand: <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />,
  idCard: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="11" r="2" />
      <path d="M5.5 17c.7-1.6 1.9-2.5 3.5-2.5s2.8.9 3.5 2.5M15 10h3M15 14h3" />
    </>
  ),
  blur: (
    <>
      <circle cx="12" cy="12" r="3" />
      <circle cx="12" cy="12" r="8" strokeDasharray="2 3" />
    </>
  ),
  layers: (
    <>
      <path d="m12 2 9 5-9 5-9-5z" />
      <path d="m3 12 9 5 9-5M3 17l9 5 9-5" />
    </>
  ),
  shirt: (
    <path d="M20.4 3.5 16 2a4 4 0 0 1-8 0L3.6 3.5a2 2 0 0 0-1.3 2.2l.6 3.5a1 1 0 0 0 1 .8H6v10a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V10h2.2a1 1 0 0 0 1-.8l.6-3.5a2 2 0 0 0-1.4-2.2z" />
  ),
  bag: (
    <>
      <path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4z" />
      <path d="M3 6h18M16 10a4 4 0 0 1-8 0" />
    </>
  ),
  palette: (
    <>
      <circle cx="13.5" cy="6.5" r="1.5" />
      <circle cx="17.5" cy="10.5" r="1.5" />
      <circle cx="8.5" cy="7.5" r="1.5" />
      <circle cx="6.5" cy="12.5" r="1.5" />
      <path d="M12 2a10 10 0 0 0 0 20c1 0 1.7-.8 1.7-1.7 0-.4-.2-.8-.4-1.1-.3-.3-.4-.7-.4-1.1 0-.9.8-1.7 1.7-1.7h2A5.5 5.5 0 0 0 22 11c0-5-4.5-9-10-9z" />
    </>
  ),
  resize: (
    <>
      <path d="M21 14v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5" />
      <path d="M15 3h6v6M21 3l-8 8" />
    </>
  ),
};

/** Icon per tool id (the `<id>` of `tools.<id>.title`); groups give the default. */
const BY_TOOL: Record<string, keyof typeof ICONS> = {
  backgroundRemover: 'scissors',
  bulkBackgroundRemover: 'scissors',
  backgroundChanger: 'image',
  bulkBackgroundChanger: 'image',
  backgroundReplacer: 'image',
  aiBackground: 'image',
  photoEnhancer: 'sparkles',
  bulkImageEnhancer: 'sparkles',
  aiImageGenerator: 'sparkles',
  imageToImage: 'sparkles',
  magicEraser: 'eraser',
  aiImageExtender: 'expand',
  idPhotoMaker: 'idCard',
  blurBackground: 'blur',
  aiClothesChanger: 'shirt',
  colorize: 'palette',
  aiVirtualTryOn: 'bag',
  bulkImageResizer: 'resize',
  productWhite: 'bag',
  productGreen: 'bag',
  productBlue: 'bag',
};

export function ToolIcon({ route }: { route: AppRoute }) {
  const toolId = route.titleKey.split('.')[1] ?? '';
  const name = BY_TOOL[toolId] ?? (route.group === 'batch' ? 'layers' : 'sparkles');
  return (
    <svg className="tool-icon" viewBox="0 0 24 24" aria-hidden="true">
      {ICONS[name]}
    </svg>
  );
}
