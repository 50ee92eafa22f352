import postcss from 'postcss';
import type { AtRule, ChildNode, Container, Declaration, Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import valueParser from 'postcss-value-parser';
import { CARD_ROOT_CLASS } from '../../shared/card/root.ts';
import { msg } from '../../shared/messages.ts';
import { ValidationError } from './errors.ts';

// A profile's own CSS (settings.customCss) applies only inside its card. Server side only: the
// public page receives the result ready to use and never loads a CSS parser.
//
// The rules, enforced on a real parse (postcss, postcss-selector-parser, postcss-value-parser):
// - every top-level selector becomes a descendant of `.vk-card-root`; leading `:root`, `html`
//   and `body` become the root itself; a selector may not start with a combinator (`+ x` would
//   reach the root's siblings). Nested rules stay as written: CSS nesting makes them relative to
//   their (scoped) parent.
// - at-rules only from an allow-list (@media, @supports, @container, @layer, @keyframes,
//   @font-face); @import and everything else is refused. The list compares the name as written,
//   so an escaped name (`@\69mport`) is refused too.
// - url() and src() only to our own uploads (`/api/upload/<field>/<file>`); image-set() and other
//   functions that fetch take no plain strings except such paths. Escapes (`\`) in values only
//   inside quotes, so no escaped name (`\75 rl(` is url( to a browser) slips past.
// - no `<` anywhere, so the text cannot close its style element or open a comment or tag.
// - at most 20 KB (UTF-8).

export const MAX_CUSTOM_CSS_BYTES = 20 * 1024;

const m = msg.card.css;

/** A customCss the rules refuse; the message is German and names what to change. */
export class CustomCssError extends Error {}

const groupingAtRules = new Set(['media', 'supports', 'container', 'layer']);
const allowedAtRules = new Set([...groupingAtRules, 'keyframes', '-webkit-keyframes', 'font-face']);
/** Functions whose argument is a URL to load. */
const urlFunctions = new Set(['url', 'src']);
/** Functions that load images given as plain strings. */
const imageFunctions = new Set(['image-set', '-webkit-image-set', 'image', 'cross-fade', '-webkit-cross-fade']);
const ownUpload = /^\/api\/upload\/[A-Za-z0-9_-]+\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

function checkUrl(raw: string): void {
  if (!ownUpload.test(raw.trim()) || raw.includes('..')) throw new CustomCssError(m.foreignUrl);
}

function checkValue(value: string): void {
  valueParser(value).walk((node) => {
    // Outside quotes an escape can spell a function name (`\75 rl(` is url( to a browser) or
    // a quote that hides one from a checker: refused, so every name below is literal.
    if (node.type !== 'string' && node.value.includes('\\')) throw new CustomCssError(m.escapeOutsideString);
    if (node.type !== 'function') return;
    const name = node.value.toLowerCase();
    if (urlFunctions.has(name)) {
      // url(a b) or url("a") or url() — the whole inside is the address.
      checkUrl(valueParser.stringify(node.nodes).replace(/^\s*(["'])(.*)\1\s*$/s, '$2'));
      return false;
    }
    if (imageFunctions.has(name)) {
      for (const child of node.nodes) if (child.type === 'string') checkUrl(child.value);
    }
    return undefined;
  });
}

function isInsideStyleRule(node: ChildNode): boolean {
  for (let p: Container | undefined = node.parent as Container | undefined; p; p = p.parent as Container | undefined) {
    if (p.type === 'rule') return true;
  }
  return false;
}

function isInsideKeyframes(node: ChildNode): boolean {
  for (let p: Container | undefined = node.parent as Container | undefined; p; p = p.parent as Container | undefined) {
    if (p.type === 'atrule' && /keyframes$/i.test((p as AtRule).name)) return true;
  }
  return false;
}

const isDocumentRoot = (n: selectorParser.Node) =>
  (n.type === 'tag' && /^(html|body)$/i.test(n.value)) || (n.type === 'pseudo' && n.value.toLowerCase() === ':root');

const scoper = selectorParser((selectors) => {
  selectors.each((selector) => {
    if (selector.first?.type === 'combinator') throw new CustomCssError(m.leadingCombinator);
    // Leading compounds made only of html/body/:root stand for the card root itself.
    let cut = 0;
    const nodes = selector.nodes;
    for (let i = 0; i < nodes.length;) {
      let j = i;
      while (j < nodes.length && nodes[j]!.type !== 'combinator') j++;
      const compound = nodes.slice(i, j);
      if (!compound.length || !compound.every(isDocumentRoot)) break;
      cut = j < nodes.length ? j + 1 : j;
      i = cut;
    }
    for (const n of nodes.slice(0, cut)) n.remove();
    const root = selectorParser.className({ value: CARD_ROOT_CLASS });
    if (selector.nodes.length) {
      selector.first.spaces.before = '';
      selector.prepend(selectorParser.combinator({ value: ' ' }));
    }
    selector.prepend(root);
  });
});

function scopeRule(rule: Rule): void {
  try {
    rule.selector = scoper.processSync(rule.selector);
  } catch (err) {
    if (err instanceof CustomCssError) throw err;
    throw new CustomCssError(m.syntax(rule.source?.start?.line, `ungültiger Selektor „${rule.selector}“`));
  }
}

/**
 * The profile's CSS scoped to the card root, or null when there is none. Throws a
 * CustomCssError (German message) when the CSS breaks a rule above.
 */
export function scopeCustomCss(css: string | null | undefined): string | null {
  if (!css?.trim()) return null;
  if (Buffer.byteLength(css, 'utf8') > MAX_CUSTOM_CSS_BYTES) throw new CustomCssError(m.tooLarge(MAX_CUSTOM_CSS_BYTES / 1024));
  if (css.includes('<')) throw new CustomCssError(m.angleBracket);
  let root: postcss.Root;
  try {
    root = postcss.parse(css);
  } catch (err) {
    const e = err as { reason?: string; line?: number };
    throw new CustomCssError(m.syntax(e.line, e.reason ?? 'nicht lesbar'));
  }
  root.walk((node) => {
    if (node.type === 'comment') {
      node.remove();
    } else if (node.type === 'atrule') {
      const name = node.name.toLowerCase();
      if (name === 'import') throw new CustomCssError(m.importRule);
      if (!allowedAtRules.has(name)) throw new CustomCssError(m.atRule(node.name));
      // `@layer a, b;` is a statement; every other allowed rule holds a block.
      if (!node.nodes && name !== 'layer') throw new CustomCssError(m.atRule(node.name));
    } else if (node.type === 'decl') {
      const decl = node as Declaration;
      const parent = decl.parent as Container | undefined;
      const inRuleOrFontFace = parent?.type === 'rule' || (parent?.type === 'atrule' && (parent as AtRule).name.toLowerCase() === 'font-face');
      if (!inRuleOrFontFace) throw new CustomCssError(m.declarationOutsideRule);
      checkValue(decl.value);
    } else if (node.type === 'rule') {
      if (!isInsideStyleRule(node) && !isInsideKeyframes(node)) scopeRule(node);
    }
  });
  const out = root.toString().trim();
  // Belt and braces: nothing the serializer produced may end the style element.
  if (out.includes('<')) throw new CustomCssError(m.angleBracket);
  return out || null;
}

/** The German reason a customCss would be refused, or undefined when it is fine. */
export function customCssProblem(css: string | null | undefined): string | undefined {
  try {
    scopeCustomCss(css);
    return undefined;
  } catch (err) {
    if (err instanceof CustomCssError) return err.message;
    throw err;
  }
}

/** For the profile's write path: a refused customCss is a 400 on `settings.customCss`, nothing is written. */
export function requireValidCustomCss(css: string | null | undefined): void {
  const problem = customCssProblem(css);
  if (problem) throw new ValidationError(msg.errors.invalidInput, { 'settings.customCss': problem });
}
