// The page in German as well as English. The page's words are written here
// in English inside t("..."); `pybabel extract` (babel.cfg) gathers them into
// the service's message catalog, the same catalog that translates the rules'
// refusals, and the page asks for its language's words once
// (GET /api/words/<lang>). The language is the reader's choice (the switch in
// the header), else the browser's own. The languages are the service's: each
// answer of /api/words names them all, so a language added to the catalog is
// offered without a change here.
const KEY = "tablelog:language";
export const LANGUAGES = { en: "English", de: "Deutsch" };
const KNOWN = "tablelog:languages";
Object.assign(LANGUAGES, JSON.parse(localStorage.getItem(KNOWN) || "{}"));

let current = "en";
let said = {};

// The browser's first language we speak, English otherwise.
function browserLanguage() {
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const lang = String(tag).toLowerCase().split("-")[0];
    if (lang in LANGUAGES) return lang;
  }
  return "en";
}

export function chosenLanguage() {
  const kept = localStorage.getItem(KEY);
  return kept in LANGUAGES ? kept : browserLanguage();
}

export function language() { return current; }

// Load the words of `lang` (the chosen language by default) before drawing anything.
export async function useLanguage(lang = chosenLanguage()) {
  const response = await fetch(`/api/words/${lang}`, { headers: { Accept: "application/json" } }).catch(() => null);
  const answer = response && response.ok ? await response.json() : null;
  let words = answer ? answer.words : null;
  if (answer && answer.languages) {
    Object.assign(LANGUAGES, answer.languages);
    localStorage.setItem(KNOWN, JSON.stringify(answer.languages));
  }
  if (!words) { words = {}; lang = "en"; }
  current = lang;
  said = words;
  document.documentElement.lang = lang;
}

// The language after ``lang`` in the service's list (the header's switch: one tap each).
export function nextLanguage(lang) {
  const all = Object.keys(LANGUAGES);
  return all[(all.indexOf(lang) + 1) % all.length];
}

export function chooseLanguage(lang) {
  localStorage.setItem(KEY, lang);
}

// A phrase in the page's language, its {placeholders} filled in: t("{n} moves", { n: 3 }).
export function t(text, params = {}) {
  const phrase = said[text] || text;
  return phrase.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
