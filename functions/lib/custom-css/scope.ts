import { TokenType } from '@csstools/css-tokenizer';
import { cardMessages } from '../../../shared/messages/card.ts';
import { uploadFields } from '../../../shared/schemas/upload.ts';
import { CustomCssError, firstToken, isType, isWs, lineOf, parseSheet, raw, textOf, trimWs, type, valueOf } from './parse.ts';
import type { AtRule, ComponentValue, Declaration, Node, Sheet, StyleRule, Token } from './parse.ts';
import { checkNestedSelectorList, isScopedSelectorList, scopeSelectorList } from './selectors.ts';

// The checks of a card's own CSS and its scoping to the card root (rules listed in
// functions/lib/custom-css.ts). One walk over the strictly read sheet; `verify` walks the output
// again and only checks (selectors must already be scoped).

const m = cardMessages.css;

/** At most this many different uploads per CSS (each is one ownership check inside the write). */
export const MAX_CSS_UPLOADS = 20;

/** Functions whose argument is a URL to load. */
const urlFunctions = new Set(['url', 'src']);
/** Functions that load images given as plain strings. */
const imageFunctions = new Set(['image-set', '-webkit-image-set', 'image', 'cross-fade', '-webkit-cross-fade']);
/** The only functions allowed inside those (besides url()/src()): a type hint. */
const imageFunctionHelpers = new Set(['type']);

/** `/api/upload/<field>/<uuid>[.w<width>].<png|jpg>`: an original or a width variant of an upload. */
const ownUpload = new RegExp(`^/api/upload/(?:${uploadFields.join('|')})/([A-Za-z0-9][A-Za-z0-9_-]{0,99})(?:\\.w(?:160|320|640|1024))?\\.(png|jpg)$`);

export interface Walk {
  source: string;
  verify: boolean;
  /** Original file names of the uploads the CSS loads. */
  uploads: Set<string>;
  /** Replacements of top-level selector lists: [start, end (inclusive), text]. */
  edits: [number, number, string][];
}

function checkUrl(w: Walk, address: string): void {
  const match = ownUpload.exec(address.trim());
  if (!match) throw new CustomCssError(m.foreignUrl);
  w.uploads.add(`${match[1]}.${match[2]}`);
  if (w.uploads.size > MAX_CSS_UPLOADS) throw new CustomCssError(m.tooManyUploads(MAX_CSS_UPLOADS));
}

/** url("…")/src("…"): exactly one string between optional spaces. */
function urlArgument(values: ComponentValue[]): string {
  const inner = trimWs(values);
  const only = inner[0];
  if (inner.length !== 1 || !only || only.kind !== 'token' || type(only.token) !== TokenType.String) throw new CustomCssError(m.foreignUrl);
  return valueOf(only.token);
}

function checkImageFunctionArgs(w: Walk, values: ComponentValue[]): void {
  for (const v of values) {
    if (v.kind === 'token') {
      if (type(v.token) === TokenType.String) checkUrl(w, valueOf(v.token));
      else if (type(v.token) === TokenType.URL) checkUrl(w, valueOf(v.token));
      continue;
    }
    if (v.kind === 'block') {
      checkImageFunctionArgs(w, v.values);
      continue;
    }
    const name = valueOf(v.name).toLowerCase();
    if (urlFunctions.has(name)) checkUrl(w, urlArgument(v.values));
    else if (imageFunctions.has(name)) checkImageFunctionArgs(w, v.values);
    else if (imageFunctionHelpers.has(name)) checkValues(w, v.values);
    // var(), env(), attr() could hand a foreign address in as a string.
    else throw new CustomCssError(m.imageFunction);
  }
}

/** A value (or at-rule condition): every URL must be an own upload; no `{}` blocks. */
export function checkValues(w: Walk, values: ComponentValue[]): void {
  for (const v of values) {
    if (v.kind === 'token') {
      if (type(v.token) === TokenType.URL) checkUrl(w, valueOf(v.token));
      else if (type(v.token) === TokenType.AtKeyword || type(v.token) === TokenType.Semicolon) throw new CustomCssError(m.syntax(lineOf(w.source, v.token[2]), `unerwartetes „${raw(v.token)}“`));
      continue;
    }
    if (v.kind === 'block') {
      // The reader never leaves a {} block in a value (that makes it a rule); for the re-read, refuse.
      if (type(v.open) === TokenType.OpenCurly) throw new CustomCssError(m.ambiguous);
      checkValues(w, v.values);
      continue;
    }
    const name = valueOf(v.name).toLowerCase();
    if (urlFunctions.has(name)) checkUrl(w, urlArgument(v.values));
    else if (imageFunctions.has(name)) checkImageFunctionArgs(w, v.values);
    else checkValues(w, v.values);
  }
}

function checkDeclaration(w: Walk, d: Declaration): void {
  checkValues(w, d.value);
}

/** Preludes: what each allowed at-rule may say before its block. */
function checkPrelude(w: Walk, rule: AtRule): void {
  const p = trimWs(rule.prelude);
  const bad = () => new CustomCssError(m.atRulePrelude(valueOf(rule.keyword)));
  const tokensOnly = (ok: (v: ComponentValue) => boolean, values = p): void => {
    for (const v of values) {
      if (v.kind === 'block' && type(v.open) === TokenType.OpenParen) tokensOnly(ok, v.values);
      else if (!ok(v)) throw bad();
    }
  };
  switch (rule.name) {
    case 'media':
      // Media queries: words, numbers, lengths, ratios, ranges in parentheses; no strings, URLs or functions.
      tokensOnly((v) => isWs(v) || [TokenType.Ident, TokenType.Number, TokenType.Dimension, TokenType.Percentage, TokenType.Colon, TokenType.Comma].some((t) => isType(v, t))
        || (v.kind === 'token' && type(v.token) === TokenType.Delim && ['/', '>', '='].includes(valueOf(v.token))));
      return;
    case 'supports':
    case 'container':
      // Conditions: declarations and functions in parentheses (`selector()`, `style()`); checked like values.
      if (p.some((v) => v.kind === 'token' && (type(v.token) === TokenType.String || type(v.token) === TokenType.URL))) throw bad();
      checkValues(w, p);
      return;
    case 'layer':
      tokensOnly((v) => isWs(v) || isType(v, TokenType.Ident) || isType(v, TokenType.Comma) || (v.kind === 'token' && type(v.token) === TokenType.Delim && valueOf(v.token) === '.'));
      return;
    case 'keyframes':
    case '-webkit-keyframes':
      if (p.length !== 1 || !(isType(p[0], TokenType.Ident) || isType(p[0], TokenType.String))) throw bad();
      return;
    case 'font-face':
      if (p.length) throw bad();
      return;
    default:
      throw bad();
  }
}

const groupingAtRules = new Set(['media', 'supports', 'container', 'layer']);
const topLevelOnly = new Set(['keyframes', '-webkit-keyframes', 'font-face']);

function checkAtRule(w: Walk, rule: AtRule, place: 'top' | 'nested', underBareRoot: boolean): void {
  if (rule.name === 'import') throw new CustomCssError(m.importRule);
  if (!groupingAtRules.has(rule.name) && !topLevelOnly.has(rule.name)) throw new CustomCssError(m.atRule(valueOf(rule.keyword)));
  if (place === 'nested' && topLevelOnly.has(rule.name)) throw new CustomCssError(m.atRule(valueOf(rule.keyword)));
  checkPrelude(w, rule);
  // `@layer a, b;` is a statement; every other allowed rule holds a block.
  if (!rule.body) {
    if (rule.name !== 'layer') throw new CustomCssError(m.atRule(valueOf(rule.keyword)));
    return;
  }
  if (rule.name === 'font-face') {
    for (const n of rule.body) {
      if (n.type !== 'decl') throw new CustomCssError(m.atRule(valueOf(rule.keyword)));
      checkDeclaration(w, n);
    }
    return;
  }
  if (rule.name.endsWith('keyframes')) {
    for (const n of rule.body) {
      if (n.type !== 'rule') throw new CustomCssError(m.syntax(lineOf(w.source, n.type === 'decl' ? n.nameToken[2] : n.keyword[2]), 'in @keyframes stehen nur Schritte (from, to, 50%)'));
      const ok = trimWs(n.prelude).every((v) => isWs(v) || isType(v, TokenType.Ident) || isType(v, TokenType.Percentage) || isType(v, TokenType.Comma));
      if (!ok) throw new CustomCssError(m.syntax(lineOf(w.source, n.open[2]), `ungültiger Schritt „${textOf(n.prelude).trim()}“`));
      for (const d of n.body) {
        if (d.type !== 'decl') throw new CustomCssError(m.syntax(lineOf(w.source, n.open[2]), 'in @keyframes-Schritten stehen nur Eigenschaften'));
        checkDeclaration(w, d);
      }
    }
    return;
  }
  // Grouping rules hold what their place holds: rules at the top, declarations and rules when nested.
  walkNodes(w, rule.body, place, underBareRoot);
}

function checkStyleRule(w: Walk, rule: StyleRule, place: 'top' | 'nested', underBareRoot: boolean): void {
  let bareRoot = underBareRoot;
  if (place === 'top') {
    if (w.verify) {
      if (!isScopedSelectorList(w.source, rule.prelude)) throw new CustomCssError(m.ambiguous);
    } else {
      const scoped = scopeSelectorList(w.source, rule.prelude);
      bareRoot = scoped.bareRoot;
      const values = trimWs(rule.prelude);
      const first = firstToken(values[0]!);
      const last = lastToken(values[values.length - 1]!);
      w.edits.push([first[2], last[3], scoped.text]);
    }
  } else {
    if (underBareRoot) throw new CustomCssError(m.nestedUnderRoot);
    checkNestedSelectorList(w.source, rule.prelude);
  }
  walkNodes(w, rule.body, 'nested', bareRoot);
}

function lastToken(v: ComponentValue): Token {
  return v.kind === 'token' ? v.token : v.close;
}

function walkNodes(w: Walk, nodes: Node[], place: 'top' | 'nested', underBareRoot: boolean): void {
  for (const n of nodes) {
    if (n.type === 'at') checkAtRule(w, n, place, underBareRoot);
    else if (n.type === 'rule') checkStyleRule(w, n, place, underBareRoot);
    else if (place === 'top') throw new CustomCssError(m.declarationOutsideRule);
    else checkDeclaration(w, n);
  }
}

export function walkSheet(sheet: Sheet, verify: boolean): Walk {
  const w: Walk = { source: sheet.source, verify, uploads: new Set(), edits: [] };
  walkNodes(w, sheet.rules, 'top', false);
  return w;
}

/** The source with the edits applied and comments left out (token by token, exactly as written). */
export function render(sheet: Sheet, edits: [number, number, string][]): string {
  let out = '';
  let e = 0;
  const sorted = [...edits].sort((a, b) => a[0] - b[0]);
  for (const t of sheet.tokens) {
    if (type(t) === TokenType.EOF) break;
    const edit = sorted[e];
    if (edit && t[2] >= edit[0]) {
      if (t[2] === edit[0]) out += edit[2];
      if (t[3] >= edit[1]) e++;
      continue;
    }
    out += raw(t);
  }
  return out.trim();
}

/** What a browser's tokenizer sees, for comparing two readings (whitespace counts as one token). */
export function fingerprint(sheet: Sheet): string[] {
  return sheet.tokens.filter((t) => type(t) !== TokenType.EOF).map((t) => (type(t) === TokenType.Whitespace ? ' ' : `${type(t)}\u0000${raw(t)}`));
}

export function parseStrict(css: string): Sheet {
  return parseSheet(css);
}
