/** The editor's line icons (24×24, stroke = currentColor); decorative, so hidden from screen readers. */

const PATHS = {
  undo: 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  redo: 'm15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13',
  minus: 'M5 12h14',
  plus: 'M12 5v14M5 12h14',
  fit: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  back: 'M19 12H5M12 19l-7-7 7-7',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5h.01',
  text: 'M5 6V4h14v2M12 4v16M9 20h6',
  colorful: 'M4 18 9 5h2l5 13M6.5 13h7M17 8l1-3 1 3 3 1-3 1-1 3-1-3-3-1z',
  sticker: 'M20 12a8 8 0 1 1-8-8h8zM9 10h.01M15 10h.01M8.5 14.5a4 4 0 0 0 7 0',
  background: 'M4 4h16v16H4zM4 14l6-6M4 20 20 4M10 20l10-10',
  canvas: 'M7 3v14h14M3 7h14v14',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  unlock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 7.7-1.5',
  flipH: 'M12 3v18M9 7 4 17h5zM15 7l5 10h-5z',
  flipV: 'M3 12h18M7 9 17 4v5zM7 15l10 5v-5z',
  toFront: 'M12 21V9M7 14l5-5 5 5M5 4h14',
  forward: 'M12 19V5M6 11l6-6 6 6',
  backward: 'M12 5v14M6 13l6 6 6-6',
  toBack: 'M12 3v12M7 10l5 5 5-5M5 20h14',
  duplicate: 'M8 8h12v12H8zM16 8V4H4v12h4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  help: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01',
  close: 'M6 6l12 12M18 6 6 18',
  grip: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  alignLeft: 'M4 6h16M4 10h10M4 14h16M4 18h10',
  alignCenter: 'M4 6h16M7 10h10M4 14h16M7 18h10',
  alignRight: 'M4 6h16M10 10h10M4 14h16M10 18h10',
  layers: 'm12 3 9 5-9 5-9-5zM3 13l9 5 9-5',
  sliders: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  tools: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.4-.6-.6-2.4z',
  upload: 'M12 16V4M7 9l5-5 5 5M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3',
  file: 'M14 3H6v18h12V7zM14 3v4h4',
  transparent: 'M4 4h8v8H4zM12 12h8v8h-8z',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  chevronDown: 'm6 9 6 6 6-6',
  crop: 'M6 2v14a2 2 0 0 0 2 2h14M2 6h14a2 2 0 0 1 2 2v14',
  shapes: 'M3 3h8v8H3zM17 7m-4 0a4 4 0 1 0 8 0 4 4 0 1 0-8 0M4 21l5-7 5 7zM14 20l7-7',
  magic: 'm15 4 1 2 2 1-2 1-1 2-1-2-2-1 2-1zM4 20 14 10M6 4l.7 1.3L8 6l-1.3.7L6 8l-.7-1.3L4 6l1.3-.7zM19 14l.7 1.3 1.3.7-1.3.7L19 18l-.7-1.3L17 16l1.3-.7z',
  pointer: 'M6 3l12.5 9.5-5.6 1L10 19.5z',
  brush: 'M9.5 14.5 19 5a1.4 1.4 0 0 1 2 2l-9.5 9.5M9.5 14.5c-2 0-3.5 1.5-3.5 3.5 0 1.5-1 2-2 2 1 1 2.5 1 4 1a4 4 0 0 0 4-4z',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20 }: { name: IconName | 'chevron'; size?: number }) {
  // 'chevron' is chevronDown turned to point right (folded); CSS turns it down when open.
  if (name === 'chevron') {
    return (
      <svg className="ed-icon ed-icon--chevron" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="m9 6 6 6-6 6" />
      </svg>
    );
  }
  return (
    <svg className="ed-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
