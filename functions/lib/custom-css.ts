import { tokenize } from '@csstools/css-tokenizer';
import { commonMessages as msg } from '../../shared/messages/common.ts';
import { cardMessages } from '../../shared/messages/card.ts';
import { ValidationError } from './errors.ts';
import { CustomCssError, parseSheet } from './custom-css/parse.ts';
import { fingerprint, render, walkSheet } from './custom-css/scope.ts';

export { CustomCssError } from './custom-css/parse.ts';
export { MAX_CSS_UPLOADS } from './custom-css/scope.ts';

// A profile's own CSS (settings.customCss) applies only inside its card. Checked and scoped when
// a profile or legacy settings are saved (never on the public card's path, which serves the
// stored result and loads no parser).
//
// Read as a browser reads it (CSS Syntax Level 3 tokens, functions/lib/custom-css/parse.ts), and
// refused where a browser would have to recover from an error: a bad string (an unescaped line
// break inside quotes ends the string in the browser, so what follows would be read unchecked), a
// bad url(), an unclosed block, a stray brace, a declaration outside a rule. Then:
// - every top-level selector becomes a descendant of `.vk-card-root`; leading `:root`, `html`
//   and `body` become the root itself; no leading combinator; selectors from an allow-list (type,
//   class, id, attribute, pseudo-classes, pseudo-elements). Nested rules stay relative to their
//   scoped parent; `&` never inside :is()/:not()/:where()/:has() (that would turn the scope
//   around), and no nesting under the root itself (`& + x` would reach its siblings).
// - at-rules from an allow-list with their preludes checked (@media, @supports, @container,
//   @layer, @keyframes, @font-face); @import, @namespace and everything else refused, also when
//   escaped (`@\69mport`), because names are compared as the browser decodes them.
// - url(), src() and the strings of image-set()/cross-fade() only to the company's own uploads
//   (`/api/upload/<field>/<file>`, at most 20; ownership is checked inside the write), so one
//   company's CSS cannot call another company's routes (e.g. count vCard saves).
// - no `<` anywhere, so the text cannot close its style element; at most 20 KB (UTF-8).
// The output is read again (re-parsed): if its tokens differ from what was meant (a dropped
// comment merged two tokens) or a top-level selector is not scoped, it is refused.

export const MAX_CUSTOM_CSS_BYTES = 20 * 1024;

const m = cardMessages.css;

export interface ScopedCss {
  /** The CSS scoped to the card root, as the public card serves it. */
  css: string;
  /** Original file names of the uploads it loads (to check they belong to the company). */
  uploads: string[];
}

function squash(prints: string[]): string[] {
  const out: string[] = [];
  for (const p of prints) if (!(p === ' ' && (out.length === 0 || out[out.length - 1] === ' '))) out.push(p);
  while (out[out.length - 1] === ' ') out.pop();
  return out;
}

/**
 * The profile's CSS scoped to the card root with the uploads it loads, or null when there is
 * none. Throws a CustomCssError (German message) when the CSS breaks a rule above.
 */
export function scopeCustomCss(css: string | null | undefined): ScopedCss | null {
  if (!css?.trim()) return null;
  if (Buffer.byteLength(css, 'utf8') > MAX_CUSTOM_CSS_BYTES) throw new CustomCssError(m.tooLarge(MAX_CUSTOM_CSS_BYTES / 1024));
  if (css.includes('<')) throw new CustomCssError(m.angleBracket);
  const sheet = parseSheet(css);
  const walk = walkSheet(sheet, false);
  const out = render(sheet, walk.edits);
  if (!out) return null;

  // Re-read: the output must tokenize exactly as intended and pass the checks as it stands.
  const reread = parseSheet(out);
  const intended: string[] = [];
  const edits = [...walk.edits].sort((a, b) => a[0] - b[0]);
  let e = 0;
  for (const t of sheet.tokens) {
    const edit = edits[e];
    if (edit && t[2] >= edit[0] && t[2] <= edit[1]) {
      if (t[2] === edit[0]) intended.push(...fingerprint({ source: edit[2], tokens: tokenize({ css: edit[2] }), rules: [] }));
      if (t[3] >= edit[1]) e++;
      continue;
    }
    intended.push(...fingerprint({ ...sheet, tokens: [t] }));
  }
  const trimStart = (p: string[]) => { while (p[0] === ' ') p.shift(); return p; };
  if (squash(trimStart(intended)).join('\u0001') !== squash(trimStart(fingerprint(reread))).join('\u0001')) throw new CustomCssError(m.ambiguous);
  const check = walkSheet(reread, true);
  if (out.includes('<') || [...check.uploads].sort().join() !== [...walk.uploads].sort().join()) throw new CustomCssError(m.ambiguous);
  return { css: out, uploads: [...walk.uploads] };
}

/** The German reason a customCss would be refused, or undefined when it is fine (ownership of uploads aside). */
export function customCssProblem(css: string | null | undefined): string | undefined {
  try {
    scopeCustomCss(css);
    return undefined;
  } catch (err) {
    if (err instanceof CustomCssError) return err.message;
    throw err;
  }
}

/** For the write paths: a refused customCss is a 400 on `settings.customCss`, nothing is written. */
export function requireValidCustomCss(css: string | null | undefined): ScopedCss | null {
  try {
    return scopeCustomCss(css);
  } catch (err) {
    if (err instanceof CustomCssError) throw new ValidationError(msg.errors.invalidInput, { 'settings.customCss': err.message });
    throw err;
  }
}
