/**
 * Every place the browser keeps something for this product (SPEC §3 "Local client storage keys",
 * the `lan` language cookie and its fallback). One source: the code that reads or writes a key
 * imports its name from here, and the cookies policy lists this table, so the policy cannot
 * drift from what the app really stores.
 */

/** Where the value lives. */
export type StorageArea = 'localStorage' | 'sessionStorage' | 'cookie';

/** Why it is kept: essential ones work without consent; the others wait for "Accept all". */
export type StoragePurpose = 'essential' | 'preferences' | 'statistics';

export interface StorageEntry {
  /** The exact key or cookie name. */
  name: string;
  area: StorageArea;
  purpose: StoragePurpose;
  /** How long it stays: days for cookies, `null` = until you clear site data (local storage) or close the tab (session storage). */
  lifetimeDays: number | null;
  /** i18n key suffix of its meaning, under `legal.storage.<id>`. */
  id: string;
}

/** SPEC §3: account info, kept as JSON. */
export const ACCOUNT_INFO_KEY = 'accountInfo';
/** SPEC §3: benefits info (hasSentCollectionGifts). */
export const BENEFITS_INFO_KEY = 'benefitsInfo';
/** SPEC §3: auth token; logged in means it is non-empty. */
export const AUTH_TOKEN_KEY = 'authToken';
/** SPEC §3: the cookie confirmation, `all` or `essential` (see consent.ts). */
export const COOKIE_CONFIRMATION_KEY = 'cookieConfirmation';
/** SPEC §3: language name the visitor chose last. */
export const LANGUAGE_NAME_KEY = 'languageName';
/** SPEC §3: collect-guide gift marker. */
export const COLLECT_GUIDE_GIFT_KEY = 'collectGuideGift';
/** SPEC §3: device id, random 32 characters (GUID-like). */
export const DEVICE_ID_KEY = 'deviceId';
/** SPEC §3: client id. */
export const CLIENT_ID_KEY = 'clientId';
/** SPEC §3: how many times the project-limit toast was shown. */
export const PROJECT_LIMIT_TOAST_KEY = 'projectLimitToast';
/** SPEC §3: the device was reported to the server once. */
export const DEVICE_REPORTED_KEY = 'deviceReported';
/** SPEC §3: how many times the ID-photo requirement tips were shown. */
export const ID_PHOTO_TIPS_KEY = 'idPhotoTipsShown';
/** SPEC §3: when the sales promotion was first shown (ms since epoch). */
export const PROMOTION_FIRST_SHOW_KEY = 'salesPromotionFirstShow';
/** SPEC §3: the server time the sales promotion was computed against. */
export const PROMOTION_SERVER_TIME_KEY = 'salesPromotionServerTime';
/** SPEC §3: the language cookie. */
export const LANGUAGE_COOKIE = 'lan';
/** SPEC §3: the fallback redirect-language cookie, read when `lan` is gone. */
export const REDIRECT_LANGUAGE_COOKIE = 'redirectLan';
/** SPEC §3: account info is also kept in an encrypted cookie. */
export const ACCOUNT_COOKIE = 'accountInfo';
/** The currency the visitor picked on /pricing (usd, eur, …). */
export const CURRENCY_KEY = 'currency';
/** Session storage: when the page last reloaded after a sign-in (SPEC §2 page-reload guard, 10 s window). */
export const LOGIN_RELOAD_AT_KEY = 'lastLoginReloadAt';
/** The tool page this tab worked on last, to return to it (and its result) after a purchase or sign-in (issue 29). */
export const WORK_PAGE_KEY = 'lumacut.workPage';
/** Editor drafts kept while the server is unreachable: `lumacut.draft.<project id>`. */
export const DRAFT_KEY_PREFIX = 'lumacut.draft.';
/** Lifetime of the language cookies (same as the device cookie). */
export const LANGUAGE_COOKIE_DAYS = 365;
/** Default lifetime of the encrypted account cookie (SPEC §3 "about 365 days"). */
export const ACCOUNT_COOKIE_DAYS = 365;

/** The table the cookies policy shows, in the order it shows it. */
export const STORAGE_ENTRIES: readonly StorageEntry[] = [
  { name: LANGUAGE_COOKIE, area: 'cookie', purpose: 'essential', lifetimeDays: LANGUAGE_COOKIE_DAYS, id: 'lan' },
  { name: REDIRECT_LANGUAGE_COOKIE, area: 'cookie', purpose: 'essential', lifetimeDays: LANGUAGE_COOKIE_DAYS, id: 'redirectLan' },
  { name: DEVICE_ID_KEY, area: 'cookie', purpose: 'essential', lifetimeDays: 365, id: 'deviceIdCookie' },
  { name: ACCOUNT_COOKIE, area: 'cookie', purpose: 'essential', lifetimeDays: ACCOUNT_COOKIE_DAYS, id: 'accountCookie' },
  { name: COOKIE_CONFIRMATION_KEY, area: 'localStorage', purpose: 'essential', lifetimeDays: null, id: 'cookieConfirmation' },
  { name: DEVICE_ID_KEY, area: 'localStorage', purpose: 'essential', lifetimeDays: null, id: 'deviceId' },
  { name: AUTH_TOKEN_KEY, area: 'localStorage', purpose: 'essential', lifetimeDays: null, id: 'authToken' },
  { name: ACCOUNT_INFO_KEY, area: 'localStorage', purpose: 'essential', lifetimeDays: null, id: 'accountInfo' },
  { name: BENEFITS_INFO_KEY, area: 'localStorage', purpose: 'preferences', lifetimeDays: null, id: 'benefitsInfo' },
  { name: LANGUAGE_NAME_KEY, area: 'localStorage', purpose: 'preferences', lifetimeDays: null, id: 'languageName' },
  { name: COLLECT_GUIDE_GIFT_KEY, area: 'localStorage', purpose: 'preferences', lifetimeDays: null, id: 'collectGuideGift' },
  { name: CLIENT_ID_KEY, area: 'localStorage', purpose: 'statistics', lifetimeDays: null, id: 'clientId' },
  { name: PROJECT_LIMIT_TOAST_KEY, area: 'localStorage', purpose: 'preferences', lifetimeDays: null, id: 'projectLimitToast' },
  { name: DEVICE_REPORTED_KEY, area: 'localStorage', purpose: 'statistics', lifetimeDays: null, id: 'deviceReported' },
  { name: ID_PHOTO_TIPS_KEY, area: 'localStorage', purpose: 'preferences', lifetimeDays: null, id: 'idPhotoTips' },
  { name: PROMOTION_FIRST_SHOW_KEY, area: 'localStorage', purpose: 'preferences', lifetimeDays: null, id: 'promotionFirstShow' },
  { name: PROMOTION_SERVER_TIME_KEY, area: 'localStorage', purpose: 'preferences', lifetimeDays: null, id: 'promotionServerTime' },
  { name: `${DRAFT_KEY_PREFIX}…`, area: 'localStorage', purpose: 'essential', lifetimeDays: null, id: 'draft' },
  { name: CURRENCY_KEY, area: 'localStorage', purpose: 'preferences', lifetimeDays: null, id: 'currency' },
  { name: LOGIN_RELOAD_AT_KEY, area: 'sessionStorage', purpose: 'essential', lifetimeDays: null, id: 'loginReload' },
  { name: WORK_PAGE_KEY, area: 'sessionStorage', purpose: 'essential', lifetimeDays: null, id: 'workPage' },
];
