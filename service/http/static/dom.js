import { t } from "./i18n.js";
import { nameWords } from "./names.js";

// A tiny element builder: h("button.chip", {onclick}, "text", child, ...).
export function h(tag, props, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  if (props !== null && props !== undefined && (typeof props !== "object" || props instanceof Node || Array.isArray(props))) {
    children.unshift(props);
    props = null;
  }
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className += (el.className ? " " : "") + value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") setStyle(el, value);
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

// Inline styles through the CSSOM ("--seat: #c00; color: red" or an object):
// the page's Content-Security-Policy refuses a style attribute, not these.
function setStyle(el, style) {
  const pairs = typeof style === "string"
    ? style.split(";").map((decl) => [decl.slice(0, decl.indexOf(":")), decl.slice(decl.indexOf(":") + 1)]).filter(([k]) => k.trim())
    : Object.entries(style);
  for (const [property, value] of pairs) el.style.setProperty(property.trim(), String(value).trim());
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// Words for a machine name in the page's language (names.js), else its own: "shrimp_roll" -> "shrimp roll".
export function words(name) {
  return nameWords(name) ?? String(name).replaceAll("_", " ");
}

export function listing(items) {
  const list = items.map(String);
  if (list.length < 2) return list.join("");
  return list.slice(0, -1).join(", ") + ` ${t("and")} ` + list.at(-1);
}

// Any JSON value as a short line of words: {"name": "Baron", "coins": 5} -> "name Baron · coins 5".
export function flatText(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(flatText).join(", ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${words(k)} ${flatText(v)}`).join(" · ");
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  return typeof value === "string" ? words(value) : String(value);
}

// Names never break mid-word: an element marked .fit whose longest word is
// wider than its box gets a smaller font, down to 60% but never below 10px;
// only a word too long even then may break (.squeezed). Run after the
// elements are on the page.
const SMALLEST_PX = 10;

export function fit(root) {
  for (const el of root.querySelectorAll(".fit")) {
    el.style.fontSize = "";
    el.classList.remove("squeezed");
    if (!el.clientWidth || el.scrollWidth <= el.clientWidth) continue;
    const base = parseFloat(getComputedStyle(el).fontSize);
    for (let size = 0.95; el.scrollWidth > el.clientWidth && size >= 0.6 && size * base >= SMALLEST_PX; size -= 0.05) {
      el.style.fontSize = `${size.toFixed(2)}em`;
    }
    if (el.scrollWidth > el.clientWidth) el.classList.add("squeezed");
  }
}

// A player's name as a block that shrinks rather than break mid-word.
export function nameTag(tag, text, props = {}) {
  return h(`${tag}.fit`, { title: text, ...props }, text);
}
