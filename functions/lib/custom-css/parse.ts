import { tokenize, TokenType } from '@csstools/css-tokenizer';
import type { CSSToken } from '@csstools/css-tokenizer';
import { cardMessages } from '../../../shared/messages/card.ts';

// A strict reader of the CSS Syntax Module Level 3 (with nesting): tokens from a tokenizer that
// follows the spec (@csstools/css-tokenizer: bad-string and bad-url tokens, escapes, newlines in
// strings exactly as browsers read them), grouped into component values, rules, at-rules and
// declarations as §5 does. Where a browser would recover from an error (a bad string, a missing
// brace, a stray `}`, a declaration that does not parse), this reader refuses instead: what it
// accepts has one reading, the browser's.

const m = cardMessages.css;

/** A customCss the rules refuse; the message is German and names what to change. */
export class CustomCssError extends Error {}

export type Token = CSSToken;
export interface TokenValue { kind: 'token'; token: Token }
export interface BlockValue { kind: 'block'; open: Token; close: Token; values: ComponentValue[] }
export interface FunctionValue { kind: 'function'; name: Token; close: Token; values: ComponentValue[] }
export type ComponentValue = TokenValue | BlockValue | FunctionValue;

export interface StyleRule { type: 'rule'; prelude: ComponentValue[]; body: Node[]; open: Token; close: Token }
export interface AtRule { type: 'at'; name: string; keyword: Token; prelude: ComponentValue[]; body?: Node[]; open?: Token; close?: Token }
export interface Declaration { type: 'decl'; name: string; nameToken: Token; value: ComponentValue[] }
export type Node = StyleRule | AtRule | Declaration;

export interface Sheet { source: string; tokens: Token[]; rules: Node[] }

export const type = (t: Token) => t[0];
export const raw = (t: Token) => t[1];
/** The token's value as the browser reads it (escapes resolved), for idents, functions, strings, URLs, hashes, delims. */
export const valueOf = (t: Token): string => {
  const data = t[4] as { value?: unknown } | undefined | null;
  return data && typeof data.value === 'string' ? data.value : '';
};
export const isWs = (v: ComponentValue | undefined) => v?.kind === 'token' && type(v.token) === TokenType.Whitespace;
export const isDelim = (v: ComponentValue | undefined, ch: string) => v?.kind === 'token' && type(v.token) === TokenType.Delim && valueOf(v.token) === ch;
export const isType = (v: ComponentValue | undefined, t: TokenType) => v?.kind === 'token' && type(v.token) === t;

export function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < source.length; i++) if (source[i] === '\n') line++;
  return line;
}

/** The first token of a component value (for line numbers). */
export function firstToken(v: ComponentValue): Token {
  return v.kind === 'token' ? v.token : v.kind === 'block' ? v.open : v.name;
}

export function trimWs(values: ComponentValue[]): ComponentValue[] {
  let a = 0;
  let b = values.length;
  while (a < b && isWs(values[a])) a++;
  while (b > a && isWs(values[b - 1])) b--;
  return values.slice(a, b);
}

/** The exact source text of component values (comments left out). */
export function textOf(values: ComponentValue[]): string {
  let out = '';
  for (const v of values) {
    if (v.kind === 'token') out += raw(v.token);
    else if (v.kind === 'block') out += raw(v.open) + textOf(v.values) + raw(v.close);
    else out += raw(v.name) + textOf(v.values) + raw(v.close);
  }
  return out;
}

const mirror: Partial<Record<TokenType, TokenType>> = {
  [TokenType.OpenCurly]: TokenType.CloseCurly,
  [TokenType.OpenSquare]: TokenType.CloseSquare,
  [TokenType.OpenParen]: TokenType.CloseParen,
};

class Reader {
  private i = 0;
  private readonly sheet: { source: string; tokens: Token[] };
  constructor(sheet: { source: string; tokens: Token[] }) {
    this.sheet = sheet;
  }

  fail(token: Token | undefined, reason: string): never {
    const offset = token && token[2] >= 0 ? token[2] : this.sheet.source.length;
    throw new CustomCssError(m.syntax(lineOf(this.sheet.source, offset), reason));
  }

  peek(): Token { return this.sheet.tokens[this.i]!; }
  next(): Token { return this.sheet.tokens[this.i++]!; }
  atEnd(): boolean { return type(this.peek()) === TokenType.EOF; }

  componentValue(): ComponentValue {
    const t = this.next();
    const closer = mirror[type(t)];
    if (closer) return { kind: 'block', open: t, values: this.until(closer), close: this.closing(closer, t) };
    if (type(t) === TokenType.Function) return { kind: 'function', name: t, values: this.until(TokenType.CloseParen), close: this.closing(TokenType.CloseParen, t) };
    if (type(t) === TokenType.CloseCurly || type(t) === TokenType.CloseParen || type(t) === TokenType.CloseSquare) {
      this.fail(t, `„${raw(t)}“ ohne öffnende Klammer`);
    }
    return { kind: 'token', token: t };
  }

  private until(closer: TokenType): ComponentValue[] {
    const out: ComponentValue[] = [];
    while (!this.atEnd() && type(this.peek()) !== closer) out.push(this.componentValue());
    return out;
  }

  private closing(closer: TokenType, opener: Token): Token {
    if (this.atEnd()) this.fail(opener, `„${raw(opener)}“ wird nicht geschlossen`);
    const t = this.next();
    if (type(t) !== closer) this.fail(t, `unerwartetes „${raw(t)}“`);
    return t;
  }

  skipWs(): void {
    while (type(this.peek()) === TokenType.Whitespace) this.i++;
  }

  /** §5.4.1 consume a stylesheet's contents (top level: no declarations). */
  stylesheet(): Node[] {
    const rules: Node[] = [];
    for (;;) {
      this.skipWs();
      if (this.atEnd()) return rules;
      const t = this.peek();
      if (type(t) === TokenType.AtKeyword) rules.push(this.atRule(false));
      else rules.push(this.qualifiedRule(false));
    }
  }

  /** §5.4.2 consume an at-rule. */
  atRule(nested: boolean): AtRule {
    const keyword = this.next();
    const prelude: ComponentValue[] = [];
    for (;;) {
      const t = this.peek();
      switch (type(t)) {
        case TokenType.Semicolon:
          this.next();
          return { type: 'at', name: valueOf(keyword).toLowerCase(), keyword, prelude };
        case TokenType.EOF:
          if (nested) this.fail(keyword, `@${valueOf(keyword)} wird nicht abgeschlossen`);
          return { type: 'at', name: valueOf(keyword).toLowerCase(), keyword, prelude };
        case TokenType.CloseCurly:
          if (nested) return { type: 'at', name: valueOf(keyword).toLowerCase(), keyword, prelude };
          this.fail(t, '„}“ ohne öffnende Klammer');
        // falls through (fail throws)
        case TokenType.OpenCurly: {
          const open = this.next();
          const body = this.blockContents();
          return { type: 'at', name: valueOf(keyword).toLowerCase(), keyword, prelude, body, open, close: this.closing(TokenType.CloseCurly, open) };
        }
        default:
          prelude.push(this.componentValue());
      }
    }
  }

  /** §5.4.3 consume a qualified rule; a `;` in the prelude means a declaration stood where a rule must. */
  qualifiedRule(nested: boolean): StyleRule {
    const prelude: ComponentValue[] = [];
    for (;;) {
      const t = this.peek();
      switch (type(t)) {
        case TokenType.EOF:
          this.fail(prelude.length ? firstToken(prelude[0]!) : t, 'Regel ohne „{ … }“');
        // falls through (fail throws)
        case TokenType.CloseCurly:
          this.fail(t, '„}“ ohne öffnende Klammer');
        // falls through (fail throws)
        case TokenType.Semicolon:
          if (!nested) throw new CustomCssError(m.declarationOutsideRule);
          this.fail(t, 'unerwartetes „;“');
        // falls through (fail throws)
        case TokenType.OpenCurly: {
          const first = trimWs(prelude);
          // `--x: {}` is never a rule (§5.4.3): refused rather than dropped.
          if (first[0] && isType(first[0], TokenType.Ident) && valueOf((first[0] as TokenValue).token).startsWith('--')) {
            this.fail(firstToken(first[0]), 'eigene Eigenschaft (--…) an Stelle einer Regel');
          }
          const open = this.next();
          const body = this.blockContents();
          return { type: 'rule', prelude, body, open, close: this.closing(TokenType.CloseCurly, open) };
        }
        default:
          prelude.push(this.componentValue());
      }
    }
  }

  /**
   * §5.4.4 consume a block's contents: declarations, nested rules and at-rules up to the `}`. A
   * declaration is tried first (an ident, `:`, a value without `{}`); anything else is a nested rule.
   */
  blockContents(): Node[] {
    const out: Node[] = [];
    for (;;) {
      const t = this.peek();
      switch (type(t)) {
        case TokenType.Whitespace:
        case TokenType.Semicolon:
          this.next();
          break;
        case TokenType.EOF:
        case TokenType.CloseCurly:
          return out;
        case TokenType.AtKeyword:
          out.push(this.atRule(true));
          break;
        default: {
          const mark = this.i;
          const decl = this.declaration();
          if (decl) out.push(decl);
          else {
            this.i = mark;
            out.push(this.qualifiedRule(true));
          }
        }
      }
    }
  }

  /** §5.4.6 consume a declaration; undefined when the tokens are no declaration (then they are a rule). */
  declaration(): Declaration | undefined {
    const nameToken = this.next();
    if (type(nameToken) !== TokenType.Ident) return undefined;
    this.skipWs();
    if (type(this.peek()) !== TokenType.Colon) return undefined;
    this.next();
    const value: ComponentValue[] = [];
    while (!this.atEnd() && type(this.peek()) !== TokenType.Semicolon && type(this.peek()) !== TokenType.CloseCurly) {
      const v = this.componentValue();
      // A `{}` block makes it a nested rule (`a:hover { … }`), never a declaration of ours.
      if (v.kind === 'block' && type(v.open) === TokenType.OpenCurly) return undefined;
      value.push(v);
    }
    return { type: 'decl', name: valueOf(nameToken), nameToken, value: trimWs(value) };
  }
}

/** Tokens the browser would read with an error or that have no place in a card's CSS. */
function refuseBadTokens(source: string, tokens: Token[]): void {
  for (const t of tokens) {
    const line = () => lineOf(source, t[2]);
    switch (type(t)) {
      case TokenType.BadString: throw new CustomCssError(m.badString(line()));
      case TokenType.BadURL: throw new CustomCssError(m.syntax(line(), 'ungültige url() (Leerzeichen, Anführungszeichen oder Klammern in der Adresse?)'));
      case TokenType.CDO: case TokenType.CDC: throw new CustomCssError(m.syntax(line(), `„${raw(t)}“ ist nicht erlaubt`));
      default:
    }
  }
}

/**
 * Reads a stylesheet strictly. Throws CustomCssError (German, with the line) for anything a
 * browser would have to recover from: bad strings (an unescaped line break inside quotes), bad
 * URLs, an unclosed string, comment or block, a stray brace, a declaration outside a rule.
 */
export function parseSheet(source: string): Sheet {
  let problem: { offset: number; reason: string } | undefined;
  const tokens = tokenize({ css: source }, {
    onParseError: (e) => {
      problem ??= { offset: e.sourceStart, reason: e.message };
    },
  });
  refuseBadTokens(source, tokens);
  if (problem) {
    const reason = /newline/i.test(problem.reason) ? undefined : /EOF/.test(problem.reason) ? 'nicht abgeschlossen (Zeichenkette, Kommentar oder url())' : 'ungültige Escape-Sequenz';
    throw new CustomCssError(reason ? m.syntax(lineOf(source, problem.offset), reason) : m.badString(lineOf(source, problem.offset)));
  }
  // Comments are no part of the rules (the output drops them; the re-read checks nothing merged).
  const meaningful = tokens.filter((t) => type(t) !== TokenType.Comment);
  const sheet = { source, tokens: meaningful };
  return { ...sheet, rules: new Reader(sheet).stylesheet() };
}
