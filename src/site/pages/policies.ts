/** The sections of each policy page, in order (text in locales/sections/legal). */
export type Policy = 'privacy' | 'terms' | 'cookies';

export const POLICY_SECTIONS: Record<Policy, readonly string[]> = {
  privacy: ['intro', 'controller', 'uploads', 'tasks', 'projects', 'timings', 'browser', 'rights'],
  terms: ['accept', 'content', 'allowed', 'ai', 'plans', 'availability', 'software', 'changes'],
  cookies: ['intro', 'choice', 'table', 'clear'],
};

export const POLICY_TITLE_KEYS: Record<Policy, string> = {
  privacy: 'pages.privacyPolicy.title',
  terms: 'pages.termsOfUse.title',
  cookies: 'pages.cookiesPolicy.title',
};

/** When the policy texts last changed (ISO date); shown at the top of each policy. */
export const POLICY_UPDATED = '2026-11-24';
