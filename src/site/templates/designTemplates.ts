/**
 * The design templates of /template (SPEC §3 Editor state "template id, template pro flag,
 * template background"): each is plain data that buildTemplateProject turns into a project
 * document the editor opens. Texts are i18n keys (locales/sections/templates), so a template opens
 * in the visitor's language; every text stays editable.
 */
import { findPreset } from '../../editor/templates';

export const TEMPLATE_CATEGORIES = ['social', 'story', 'sale', 'event', 'quote', 'business'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** One text of a template; sizes and positions are fractions of the canvas so they fit any size. */
export interface TemplateText {
  /** i18n key under `templates.` (`items.<id>` or `subs.<id>`). */
  key: string;
  fontName: string;
  color: string;
  /** Font size as a fraction of the canvas width. */
  size: number;
  /** Vertical centre as a fraction of the canvas height. */
  y: number;
}

export interface TemplateSticker {
  /** A sticker resId (engine/resources/stickers.ts). */
  resId: string;
  /** Centre and size as fractions of the canvas (size of the shorter side). */
  x: number;
  y: number;
  size: number;
}

export interface DesignTemplate {
  /** Stable id: goes into the document's templateId (`tpl_<id>`) and names the i18n key. */
  id: string;
  category: TemplateCategory;
  /** A canvas preset id of editor/templates.ts; sets the size and canvasSizeId. */
  presetId: string;
  background: string;
  texts: readonly TemplateText[];
  stickers?: readonly TemplateSticker[];
  /** Pro template (SPEC "template pro flag"): marked in the gallery and on its layers. */
  pro: boolean;
}

const t = (key: string, fontName: string, color: string, size: number, y: number): TemplateText => ({ key, fontName, color, size, y });
const s = (resId: string, x: number, y: number, size: number): TemplateSticker => ({ resId: `twemoji-${resId}`, x, y, size });

export const DESIGN_TEMPLATES: readonly DesignTemplate[] = [
  // Social posts (square / portrait)
  {
    id: 'helloWeekend',
    category: 'social',
    presetId: 'square',
    background: '#FFD6A5FF',
    pro: false,
    texts: [t('items.helloWeekend', 'Lobster', '#7A2E0EFF', 0.12, 0.42), t('subs.coffee', 'Poppins', '#7A2E0EFF', 0.045, 0.6)],
    stickers: [s('2615', 0.5, 0.78, 0.16)],
  },
  {
    id: 'newPost',
    category: 'social',
    presetId: 'instagramPost',
    background: '#1E1B4BFF',
    pro: false,
    texts: [t('items.newPost', 'BebasNeue', '#FDE68AFF', 0.16, 0.4), t('subs.linkInBio', 'Montserrat', '#FFFFFFFF', 0.045, 0.58)],
  },
  {
    id: 'thankYou',
    category: 'social',
    presetId: 'square',
    background: '#FCE7F3FF',
    pro: false,
    texts: [t('items.thankYou', 'GreatVibes', '#9D174DFF', 0.14, 0.45), t('subs.followers', 'Raleway', '#9D174DFF', 0.045, 0.62)],
    stickers: [s('2764', 0.5, 0.22, 0.14)],
  },
  {
    id: 'travelDiary',
    category: 'social',
    presetId: 'instagramPost',
    background: '#CFFAFEFF',
    pro: true,
    texts: [t('items.travelDiary', 'PermanentMarker', '#0E7490FF', 0.11, 0.35), t('subs.dayOne', 'Quicksand', '#155E75FF', 0.05, 0.5)],
    stickers: [s('2708', 0.72, 0.7, 0.2)],
  },
  {
    id: 'foodieFriday',
    category: 'social',
    presetId: 'square',
    background: '#FEF3C7FF',
    pro: false,
    texts: [t('items.foodieFriday', 'LuckiestGuy', '#B45309FF', 0.11, 0.3), t('subs.recipe', 'Nunito', '#78350FFF', 0.045, 0.45)],
    stickers: [s('1f355', 0.5, 0.7, 0.26)],
  },

  // Stories (9:16)
  {
    id: 'storyPoll',
    category: 'story',
    presetId: 'instagramStory',
    background: '#111827FF',
    pro: false,
    texts: [t('items.storyPoll', 'Anton', '#FFFFFFFF', 0.13, 0.3), t('subs.tapToVote', 'Inter', '#A5B4FCFF', 0.05, 0.42)],
  },
  {
    id: 'goodMorning',
    category: 'story',
    presetId: 'instagramStory',
    background: '#FEF9C3FF',
    pro: false,
    texts: [t('items.goodMorning', 'DancingScript', '#A16207FF', 0.14, 0.38), t('subs.coffee', 'Poppins', '#713F12FF', 0.045, 0.48)],
    stickers: [s('1f31e', 0.5, 0.65, 0.3)],
  },
  {
    id: 'behindScenes',
    category: 'story',
    presetId: 'instagramStory',
    background: '#F5F5F4FF',
    pro: true,
    texts: [t('items.behindScenes', 'Staatliches', '#1C1917FF', 0.12, 0.25), t('subs.swipeUp', 'WorkSans', '#57534EFF', 0.045, 0.85)],
    stickers: [s('1f4f7', 0.5, 0.55, 0.3)],
  },
  {
    id: 'countdown',
    category: 'story',
    presetId: 'instagramStory',
    background: '#4C1D95FF',
    pro: false,
    texts: [t('items.countdown', 'Bungee', '#F0ABFCFF', 0.12, 0.4), t('subs.dontMiss', 'Montserrat', '#FFFFFFFF', 0.05, 0.52)],
    stickers: [s('1f389', 0.5, 0.7, 0.22)],
  },
  {
    id: 'qAndA',
    category: 'story',
    presetId: 'instagramStory',
    background: '#ECFDF5FF',
    pro: true,
    texts: [t('items.qAndA', 'TitanOne', '#047857FF', 0.15, 0.3), t('subs.askMe', 'Nunito', '#065F46FF', 0.05, 0.42)],
    stickers: [s('1f4a1', 0.5, 0.62, 0.22)],
  },

  // Sales and products
  {
    id: 'summerSale',
    category: 'sale',
    presetId: 'square',
    background: '#FDE047FF',
    pro: false,
    texts: [t('items.summerSale', 'Anton', '#DC2626FF', 0.16, 0.38), t('subs.upTo50', 'Montserrat', '#111827FF', 0.06, 0.55)],
    stickers: [s('1f3d6', 0.5, 0.78, 0.2)],
  },
  {
    id: 'flashSale',
    category: 'sale',
    presetId: 'instagramPost',
    background: '#DC2626FF',
    pro: false,
    texts: [t('items.flashSale', 'BebasNeue', '#FFFFFFFF', 0.2, 0.4), t('subs.todayOnly', 'Oswald', '#FDE68AFF', 0.06, 0.56)],
  },
  {
    id: 'newArrival',
    category: 'sale',
    presetId: 'productWhite',
    background: '#FFFFFFFF',
    pro: false,
    // A product in the middle (glasses), so the card does not look empty; the user swaps in their photo.
    texts: [t('items.newArrival', 'PlayfairDisplay', '#111827FF', 0.09, 0.14), t('subs.shopNow', 'Montserrat', '#6B7280FF', 0.035, 0.88)],
    stickers: [s('1f453', 0.5, 0.5, 0.42)],
  },
  {
    id: 'blackFriday',
    category: 'sale',
    presetId: 'square',
    background: '#000000FF',
    pro: true,
    texts: [t('items.blackFriday', 'Staatliches', '#FACC15FF', 0.15, 0.4), t('subs.upTo50', 'Inter', '#FFFFFFFF', 0.05, 0.56)],
    stickers: [s('1f381', 0.5, 0.76, 0.18)],
  },
  {
    id: 'freeShipping',
    category: 'sale',
    presetId: 'facebookPost',
    background: '#DBEAFEFF',
    pro: false,
    texts: [t('items.freeShipping', 'RussoOne', '#1D4ED8FF', 0.07, 0.42), t('subs.shopNow', 'Poppins', '#1E3A8AFF', 0.03, 0.65)],
  },

  // Events and invitations
  {
    id: 'birthdayParty',
    category: 'event',
    presetId: 'postcard',
    background: '#FFE4E6FF',
    pro: false,
    texts: [t('items.birthdayParty', 'Lobster', '#BE123CFF', 0.1, 0.38), t('subs.joinUs', 'Nunito', '#881337FF', 0.04, 0.55)],
    stickers: [s('1f382', 0.5, 0.78, 0.22)],
  },
  {
    id: 'weddingSave',
    category: 'event',
    presetId: 'postcard',
    background: '#FAF7F2FF',
    pro: true,
    texts: [t('items.weddingSave', 'GreatVibes', '#92400EFF', 0.1, 0.42), t('subs.dateTbd', 'CormorantGaramond', '#78350FFF', 0.04, 0.6)],
    stickers: [s('1f338', 0.5, 0.2, 0.12)],
  },
  {
    id: 'concertNight',
    category: 'event',
    presetId: 'pinterestPin',
    background: '#0F172AFF',
    pro: false,
    texts: [t('items.concertNight', 'Monoton', '#22D3EEFF', 0.11, 0.35), t('subs.doorsOpen', 'SpaceGrotesk', '#E2E8F0FF', 0.045, 0.5)],
    stickers: [s('1f3b8', 0.5, 0.72, 0.25)],
  },
  {
    id: 'workshop',
    category: 'event',
    presetId: 'facebookPost',
    background: '#F0FDF4FF',
    pro: false,
    texts: [t('items.workshop', 'Merriweather', '#166534FF', 0.07, 0.38), t('subs.freeEntry', 'SourceSans3', '#14532DFF', 0.03, 0.6)],
  },
  {
    id: 'holidayGreetings',
    category: 'event',
    presetId: 'postcard',
    background: '#14532DFF',
    pro: true,
    texts: [t('items.holidayGreetings', 'Courgette', '#FEF3C7FF', 0.09, 0.4), t('subs.warmWishes', 'Lora', '#FDE68AFF', 0.04, 0.58)],
    stickers: [s('1f384', 0.5, 0.8, 0.2)],
  },

  // Quotes
  {
    id: 'dreamBig',
    category: 'quote',
    presetId: 'square',
    background: '#E0E7FFFF',
    pro: false,
    texts: [t('items.dreamBig', 'AbrilFatface', '#3730A3FF', 0.13, 0.45), t('subs.everyDay', 'Lora', '#4338CAFF', 0.045, 0.62)],
    stickers: [s('2728', 0.5, 0.24, 0.12)],
  },
  {
    id: 'stayPositive',
    category: 'quote',
    presetId: 'instagramPost',
    background: '#FFF7EDFF',
    pro: false,
    texts: [t('items.stayPositive', 'Caveat', '#C2410CFF', 0.15, 0.45), t('subs.everyDay', 'Raleway', '#9A3412FF', 0.045, 0.6)],
    stickers: [s('1f33b', 0.5, 0.75, 0.18)],
  },
  {
    id: 'keepGoing',
    category: 'quote',
    presetId: 'pinterestPin',
    background: '#1F2937FF',
    pro: true,
    texts: [t('items.keepGoing', 'Oswald', '#F9FAFBFF', 0.13, 0.45), t('subs.oneStep', 'PlayfairDisplay', '#D1D5DBFF', 0.045, 0.58)],
  },
  {
    id: 'lessIsMore',
    category: 'quote',
    presetId: 'square',
    background: '#FFFFFFFF',
    pro: false,
    texts: [t('items.lessIsMore', 'DMSerifDisplay', '#111827FF', 0.12, 0.5)],
  },
  {
    id: 'beKind',
    category: 'quote',
    presetId: 'instagramPost',
    background: '#FDF2F8FF',
    pro: false,
    texts: [t('items.beKind', 'Sacramento', '#BE185DFF', 0.18, 0.45), t('subs.alwaysKind', 'Quicksand', '#9D174DFF', 0.045, 0.62)],
    stickers: [s('1f495', 0.5, 0.75, 0.14)],
  },

  // Business and video
  {
    id: 'youtubeTutorial',
    category: 'business',
    presetId: 'youtubeThumbnail',
    background: '#FACC15FF',
    pro: false,
    texts: [t('items.youtubeTutorial', 'Bangers', '#111827FF', 0.1, 0.4), t('subs.stepByStep', 'Montserrat', '#111827FF', 0.04, 0.62)],
    stickers: [s('1f4a1', 0.85, 0.75, 0.3)],
  },
  {
    id: 'webinar',
    category: 'business',
    presetId: 'presentation',
    background: '#0F766EFF',
    pro: false,
    texts: [t('items.webinar', 'Manrope', '#FFFFFFFF', 0.07, 0.4), t('subs.registerNow', 'Inter', '#CCFBF1FF', 0.03, 0.58)],
  },
  {
    id: 'hiring',
    category: 'business',
    presetId: 'linkedinBanner',
    background: '#1E40AFFF',
    pro: false,
    texts: [t('items.hiring', 'Poppins', '#FFFFFFFF', 0.05, 0.42), t('subs.joinTeam', 'Inter', '#BFDBFEFF', 0.02, 0.7)],
  },
  {
    id: 'grandOpening',
    category: 'business',
    presetId: 'a4',
    background: '#FFFBEBFF',
    pro: true,
    texts: [t('items.grandOpening', 'Cinzel', '#92400EFF', 0.09, 0.35), t('subs.joinUs', 'Lato', '#78350FFF', 0.035, 0.5)],
    stickers: [s('1f38a', 0.5, 0.7, 0.2)],
  },
  {
    id: 'productLaunch',
    category: 'business',
    presetId: 'xPost',
    background: '#18181BFF',
    pro: true,
    texts: [t('items.productLaunch', 'SpaceGrotesk', '#FFFFFFFF', 0.07, 0.4), t('subs.nextWeek', 'Inter', '#A1A1AAFF', 0.03, 0.6)],
    stickers: [s('1f680', 0.85, 0.45, 0.3)],
  },
];

/** The canvas size of a template (its preset), or throws on a typo so a test catches it. */
export function templateSize(template: DesignTemplate): { width: number; height: number; canvasSizeId: string } {
  const preset = findPreset(template.presetId);
  if (!preset) throw new Error(`template ${template.id}: no preset ${template.presetId}`);
  return { width: preset.width, height: preset.height, canvasSizeId: preset.canvasSizeId };
}

/** The document's templateId for a gallery template. */
export function templateIdOf(template: DesignTemplate): string {
  return `tpl_${template.id}`;
}
