/**
 * The sticker catalogue (SPEC §3 layer kind 3, resType 'sticker'; SPEC §6 resNeedPro).
 * Graphics: Twemoji via @twemoji/svg (CC-BY 4.0, Twitter, Inc and other contributors), served by the
 * server at `/stickers/<file>`; only the files named here are served.
 */

/** The drag-and-drop data type a sticker carries from the panel to the canvas; the value is its resId. */
export const STICKER_DRAG_TYPE = 'application/x-lumacut-sticker';

/** Sticker categories, in the order the panel shows them; each has a label `stickers.categories.<id>`. */
export const STICKER_CATEGORIES = ['smileys', 'hearts', 'nature', 'food', 'celebration', 'travel', 'objects', 'signs'] as const;
export type StickerCategory = (typeof STICKER_CATEGORIES)[number];

/** One sticker resource; `resId`/`resType`/`resNeedPro` are copied onto the layer that shows it. */
export interface StickerEntry {
  /** `twemoji-<codepoint>`, stable: documents refer to it. */
  resId: string;
  /** File name inside @twemoji/svg, also the last segment of its URL. */
  file: string;
  category: StickerCategory;
  /** i18n key of the sticker's name (alt text, tooltip). */
  labelKey: string;
  resType: 'sticker';
  resNeedPro: boolean;
}

/** [codepoint, label key suffix, pro] per category; kept as a table so the catalogue reads at a glance. */
const TABLE: Record<StickerCategory, Array<[string, string, boolean?]>> = {
  smileys: [
    ['1f600', 'grinningFace'],
    ['1f602', 'tearsOfJoy'],
    ['1f60d', 'heartEyes'],
    ['1f60e', 'sunglasses'],
    ['1f618', 'blowingKiss'],
    ['1f929', 'starStruck', true],
    ['1f973', 'partyingFace'],
    ['1f92a', 'zanyFace', true],
    ['1f607', 'haloFace'],
    ['1f97a', 'pleadingFace', true],
  ],
  hearts: [
    ['2764', 'redHeart'],
    ['1f49b', 'yellowHeart'],
    ['1f499', 'blueHeart'],
    ['1f49c', 'purpleHeart'],
    ['1f495', 'twoHearts'],
    ['1f496', 'sparklingHeart', true],
    ['1f498', 'heartWithArrow'],
    ['2b50', 'star'],
    ['2728', 'sparkles'],
    ['1f4a5', 'collision', true],
  ],
  nature: [
    ['1f338', 'cherryBlossom'],
    ['1f339', 'rose'],
    ['1f33b', 'sunflower'],
    ['1f340', 'fourLeafClover', true],
    ['1f334', 'palmTree'],
    ['1f308', 'rainbow'],
    ['1f31e', 'sunFace'],
    ['1f319', 'crescentMoon'],
    ['1f98b', 'butterfly', true],
    ['1f984', 'unicorn', true],
  ],
  food: [
    ['1f355', 'pizza'],
    ['1f354', 'burger'],
    ['1f369', 'doughnut'],
    ['1f366', 'iceCream'],
    ['1f370', 'shortcake'],
    ['1f353', 'strawberry'],
    ['1f349', 'watermelon'],
    ['1f951', 'avocado', true],
    ['2615', 'coffee'],
    ['1f9cb', 'bubbleTea', true],
  ],
  celebration: [
    ['1f389', 'partyPopper'],
    ['1f388', 'balloon'],
    ['1f381', 'gift'],
    ['1f382', 'birthdayCake'],
    ['1f38a', 'confettiBall'],
    ['1f386', 'fireworks', true],
    ['1f451', 'crown', true],
    ['1f3c6', 'trophy', true],
    ['1f380', 'ribbon'],
    ['1f384', 'christmasTree'],
  ],
  travel: [
    ['2708', 'airplane'],
    ['1f697', 'car'],
    ['1f680', 'rocket', true],
    ['1f3dd', 'desertIsland'],
    ['1f30d', 'globe'],
    ['26f5', 'sailboat'],
    ['1f3d6', 'beachUmbrella'],
    ['1f3a1', 'ferrisWheel', true],
    ['1f9f3', 'luggage'],
    ['1f3d4', 'snowyMountain'],
  ],
  objects: [
    ['1f4f7', 'camera'],
    ['1f3b8', 'guitar'],
    ['1f3a7', 'headphones', true],
    ['1f4a1', 'lightBulb'],
    ['1f48e', 'gem', true],
    ['1f453', 'glasses'],
    ['1f484', 'lipstick'],
    ['1f4da', 'books'],
    ['1f3a8', 'palette'],
    ['1f3ae', 'gamepad', true],
  ],
  signs: [
    ['1f4af', 'hundredPoints', true],
    ['2705', 'checkMark'],
    ['274c', 'crossMark'],
    ['2757', 'exclamation'],
    ['2753', 'question'],
    ['1f525', 'fire', true],
    ['1f44d', 'thumbsUp'],
    ['1f44f', 'clapping'],
    ['270c', 'victory'],
    ['1f4ac', 'speechBalloon'],
  ],
};

/** Every sticker, grouped by category in STICKER_CATEGORIES order. */
export const STICKERS: readonly StickerEntry[] = STICKER_CATEGORIES.flatMap((category) =>
  TABLE[category].map(([code, key, pro]) => ({
    resId: `twemoji-${code}`,
    file: `${code}.svg`,
    category,
    labelKey: `stickers.items.${key}`,
    resType: 'sticker' as const,
    resNeedPro: pro === true,
  })),
);

const BY_ID = new Map(STICKERS.map((s) => [s.resId, s]));
const BY_FILE = new Map(STICKERS.map((s) => [s.file, s]));

/**
 * The sticker with this resId, or undefined.
 * @example getSticker('twemoji-1f600')?.file // '1f600.svg'
 */
export function getSticker(resId: string): StickerEntry | undefined {
  return BY_ID.get(resId);
}

/**
 * The sticker served under this file name, or undefined; the server's allow-list.
 * @example stickerByFile('2764.svg')?.resId // 'twemoji-2764'
 */
export function stickerByFile(file: string): StickerEntry | undefined {
  return BY_FILE.get(file);
}

/**
 * The same-origin URL of a sticker's image.
 * @example stickerUrl(getSticker('twemoji-2b50')!) // '/stickers/2b50.svg'
 */
export function stickerUrl(sticker: Pick<StickerEntry, 'file'>): string {
  return `/stickers/${sticker.file}`;
}
