/**
 * Letters of other scripts that look like Latin letters, folded to the Latin letter they imitate ("рогn" with a
 * Cyrillic р and о reads "porn"). A short hand-made table of the Cyrillic and Greek look-alikes, in lower case
 * (the caller folds case first), taken from the Unicode confusables data (confusablesSummary.txt, also shipped by
 * the npm packages `confusables` and `obscenity`); the full table is 6,000+ entries, far more than a word filter
 * needs in the browser, and most of it (mathematical letters, full-width forms, circled letters) is already
 * folded by NFKC.
 */
export const CONFUSABLES: Readonly<Record<string, string>> = Object.freeze({
  // Cyrillic
  а: 'a', в: 'b', ь: 'b', ъ: 'b', с: 'c', ԁ: 'd', е: 'e', ё: 'e', є: 'e', ғ: 'f', һ: 'h', н: 'h', і: 'i', ї: 'i', ӏ: 'l',
  ј: 'j', к: 'k', ќ: 'k', м: 'm', п: 'n', о: 'o', р: 'p', ԛ: 'q', г: 'r', ѕ: 's', т: 't', у: 'y', ў: 'y', ц: 'u',
  ѵ: 'v', ԝ: 'w', ш: 'w', х: 'x', ӽ: 'x', з: '3', б: '6', ч: '4',
  // Greek
  α: 'a', ά: 'a', β: 'b', ϲ: 'c', δ: 'd', ε: 'e', έ: 'e', ϝ: 'f', η: 'n', ή: 'n', ι: 'i', ί: 'i', ϊ: 'i', ΐ: 'i',
  κ: 'k', ϰ: 'k', μ: 'u', ν: 'v', ο: 'o', ό: 'o', ρ: 'p', ϱ: 'p', ς: 's', σ: 'o', τ: 't', υ: 'u', ύ: 'u', ϋ: 'u',
  χ: 'x', γ: 'y', ω: 'w', ώ: 'w', ϳ: 'j',
  // Latin letters outside ASCII that NFKC and mark removal leave alone
  ı: 'i', ȷ: 'j', ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ŧ: 't', ß: 'ss', æ: 'ae', œ: 'oe', ɑ: 'a', ɡ: 'g', ʀ: 'r', ɪ: 'i',
  ʏ: 'y', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ᴋ: 'k', ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ᴢ: 'z',
});
