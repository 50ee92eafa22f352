import { TokenType } from '@csstools/css-tokenizer';
import { CARD_ROOT_CLASS } from '../../../shared/card/root.ts';
import { cardMessages } from '../../../shared/messages/card.ts';
import { CustomCssError, firstToken, isDelim, isType, isWs, lineOf, textOf, trimWs, type, valueOf } from './parse.ts';
import type { ComponentValue, FunctionValue, TokenValue } from './parse.ts';

// Selectors on the token level (the tokens a browser reads): an allow-list of what a card's CSS
// needs (type, class, id, attribute, pseudo-classes, pseudo-elements, combinators, `&`), each
// complex selector split into compounds so the leading html/body/:root can stand for the card root.

const m = cardMessages.css;

/** Pseudo-class functions and what their argument is. */
const selectorListFunctions = new Set(['not', 'is', 'where', 'matches', '-webkit-any']);
const anPlusBFunctions = new Set(['nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type']);
const wordFunctions = new Set(['lang', 'dir']);

export type Combinator = ' ' | '>' | '+' | '~';
export interface Compound { values: ComponentValue[]; hasNesting: boolean }
export interface ComplexSelector { leading?: Combinator; parts: (Compound | Combinator)[]; values: ComponentValue[] }

interface Context { source: string; nestedRule: boolean }

function refuse(ctx: Context, values: ComponentValue[]): never {
  const at = values[0] ? firstToken(values[0])[2] : 0;
  throw new CustomCssError(m.selector(lineOf(ctx.source, at), textOf(values).trim().slice(0, 80)));
}

function splitOnCommas(values: ComponentValue[]): ComponentValue[][] {
  const out: ComponentValue[][] = [[]];
  for (const v of values) {
    if (isType(v, TokenType.Comma)) out.push([]);
    else out[out.length - 1]!.push(v);
  }
  return out.map(trimWs);
}

function combinatorOf(v: ComponentValue): Combinator | undefined {
  if (isDelim(v, '>')) return '>';
  if (isDelim(v, '+')) return '+';
  if (isDelim(v, '~')) return '~';
  return undefined;
}

/** Arguments of :nth-child() and friends: An+B only (no `of S`). */
function checkAnPlusB(ctx: Context, fn: FunctionValue, all: ComponentValue[]): void {
  for (const v of fn.values) {
    if (isWs(v) || isType(v, TokenType.Number) || isType(v, TokenType.Dimension) || isDelim(v, '+') || isDelim(v, '-')) continue;
    if (isType(v, TokenType.Ident) && valueOf((v as TokenValue).token).toLowerCase() !== 'of') continue;
    refuse(ctx, all);
  }
}

/** One compound: `a.b#c[d]:e::f` (and `&` in nested rules, outside functions). */
function checkCompound(ctx: Context, values: ComponentValue[], all: ComponentValue[], inFunction: boolean): Compound {
  let hasNesting = false;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v.kind === 'block') {
      if (type(v.open) !== TokenType.OpenSquare) refuse(ctx, all);
      for (const a of v.values) {
        const ok = isWs(a) || isType(a, TokenType.Ident) || isType(a, TokenType.String)
          || ['=', '~', '|', '^', '$', '*'].some((d) => isDelim(a, d));
        if (!ok) refuse(ctx, all);
      }
      continue;
    }
    if (v.kind === 'function') refuse(ctx, all);
    const t = v.token;
    if (isType(v, TokenType.Ident) || isDelim(v, '*')) continue;
    if (isType(v, TokenType.Hash)) continue;
    if (isDelim(v, '&')) {
      if (inFunction) throw new CustomCssError(m.nestingInFunction);
      if (!ctx.nestedRule) throw new CustomCssError(m.nestingOutsideRule);
      hasNesting = true;
      continue;
    }
    if (isDelim(v, '.') && isType(values[i + 1], TokenType.Ident)) {
      i++;
      continue;
    }
    if (type(t) === TokenType.Colon) {
      const pseudoElement = isType(values[i + 1], TokenType.Colon);
      const name = values[i + (pseudoElement ? 2 : 1)];
      if (isType(name, TokenType.Ident)) {
        i += pseudoElement ? 2 : 1;
        continue;
      }
      if (!pseudoElement && name?.kind === 'function') {
        const fn = name.name;
        const fname = valueOf(fn).toLowerCase();
        if (selectorListFunctions.has(fname)) checkSelectorList(ctx, name.values, { relative: false, inFunction: true });
        else if (fname === 'has') checkSelectorList(ctx, name.values, { relative: true, inFunction: true });
        else if (anPlusBFunctions.has(fname)) checkAnPlusB(ctx, name, all);
        else if (wordFunctions.has(fname)) {
          if (!name.values.every((a) => isWs(a) || isType(a, TokenType.Ident) || isType(a, TokenType.String) || isType(a, TokenType.Comma))) refuse(ctx, all);
        } else refuse(ctx, all);
        i += 1;
        continue;
      }
    }
    refuse(ctx, all);
  }
  return { values, hasNesting };
}

/** One complex selector, split into compounds and combinators. */
export function checkComplexSelector(ctx: Context, values: ComponentValue[], o: { relative: boolean; inFunction: boolean }): ComplexSelector {
  if (!values.length) refuse(ctx, values);
  const parts: (Compound | Combinator)[] = [];
  let leading: Combinator | undefined;
  let compound: ComponentValue[] = [];
  let pending: Combinator | undefined;
  const flush = () => {
    if (!compound.length) return;
    if (parts.length && !pending) pending = ' ';
    if (pending) parts.push(pending);
    parts.push(checkCompound(ctx, compound, values, o.inFunction));
    compound = [];
    pending = undefined;
  };
  for (const v of values) {
    const c = combinatorOf(v);
    if (isWs(v)) {
      flush();
      continue;
    }
    if (c) {
      flush();
      if (pending && pending !== ' ') refuse(ctx, values);
      if (!parts.length) {
        if (leading) refuse(ctx, values);
        leading = c;
      } else pending = c;
      continue;
    }
    compound.push(v);
  }
  flush();
  if (pending && pending !== ' ') refuse(ctx, values); // trailing combinator
  if (!parts.length) refuse(ctx, values);
  if (leading && !o.relative) {
    if (ctx.nestedRule || o.inFunction) refuse(ctx, values);
    throw new CustomCssError(m.leadingCombinator);
  }
  return { ...(leading ? { leading } : {}), parts, values };
}

export function checkSelectorList(ctx: Context, values: ComponentValue[], o: { relative: boolean; inFunction: boolean }): ComplexSelector[] {
  return splitOnCommas(values).map((s) => checkComplexSelector(ctx, s, o));
}

const isDocumentRootPart = (values: ComponentValue[]): boolean => {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (isType(v, TokenType.Ident) && /^(html|body)$/i.test(valueOf((v as TokenValue).token))) continue;
    if (isType(v, TokenType.Colon) && isType(values[i + 1], TokenType.Ident) && valueOf((values[i + 1] as TokenValue).token).toLowerCase() === 'root') {
      i++;
      continue;
    }
    return false;
  }
  return values.length > 0;
};

export const ROOT = `.${CARD_ROOT_CLASS}`;

/**
 * A top-level selector list scoped to the card root: every complex selector becomes a descendant
 * of `.vk-card-root`; leading compounds made only of html, body and :root stand for the root
 * itself. `bareRoot` tells whether one of them is the root itself (its rule may not nest rules:
 * `& + x` would reach the root's siblings).
 */
export function scopeSelectorList(source: string, prelude: ComponentValue[]): { text: string; bareRoot: boolean } {
  const ctx: Context = { source, nestedRule: false };
  let bareRoot = false;
  const scoped = checkSelectorList(ctx, trimWs(prelude), { relative: false, inFunction: false }).map((sel) => {
    let start = 0;
    while (start < sel.parts.length) {
      const part = sel.parts[start]!;
      if (typeof part === 'string' || !isDocumentRootPart(part.values)) break;
      start += 2; // the compound and the combinator after it
    }
    const rest = sel.parts.slice(start).filter((p): p is Compound => typeof p !== 'string');
    if (!rest.length) {
      bareRoot = true;
      return ROOT;
    }
    // The text from the first kept compound on, exactly as written.
    const from = sel.values.indexOf(rest[0]!.values[0]!);
    return `${ROOT} ${textOf(sel.values.slice(from))}`;
  });
  return { text: scoped.join(','), bareRoot };
}

/** A nested rule's selector list (relative to its parent rule: `& …`, `> x`, `.x`). */
export function checkNestedSelectorList(source: string, prelude: ComponentValue[]): void {
  checkSelectorList({ source, nestedRule: true }, trimWs(prelude), { relative: true, inFunction: false });
}

/**
 * For the re-read: a top-level selector list of the output must be `.vk-card-root` alone or
 * followed by a descendant combinator, nothing else in its first compound.
 */
export function isScopedSelectorList(source: string, prelude: ComponentValue[]): boolean {
  const ctx: Context = { source, nestedRule: false };
  return checkSelectorList(ctx, trimWs(prelude), { relative: false, inFunction: false }).every((sel) => {
    const first = sel.parts[0];
    if (!first || typeof first === 'string') return false;
    const [dot, name, ...more] = first.values;
    const isRoot = isDelim(dot, '.') && isType(name, TokenType.Ident) && valueOf((name as TokenValue).token) === CARD_ROOT_CLASS && more.length === 0;
    return isRoot && (sel.parts.length === 1 || sel.parts[1] === ' ');
  });
}
