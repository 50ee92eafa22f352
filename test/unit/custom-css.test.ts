import { describe, expect, it } from 'vitest';
import { tokenize, TokenType } from '@csstools/css-tokenizer';
import { CustomCssError, MAX_CUSTOM_CSS_BYTES, customCssProblem, scopeCustomCss } from '../../functions/lib/custom-css.ts';
import { parseSheet, textOf } from '../../functions/lib/custom-css/parse.ts';
import type { Node } from '../../functions/lib/custom-css/parse.ts';
import { walkSheet } from '../../functions/lib/custom-css/scope.ts';
import { CARD_ROOT_CLASS } from '../../shared/card/root.ts';

const root = `.${CARD_ROOT_CLASS}`;
const upload = '/api/upload/image/0b8f4a52-3c1e-4d6a-9f10-2a5b7c9d1e3f.w320.png';

/** Read back as a browser would: no bad token, every top-level selector starts at the card root. */
function expectScoped(css: string): void {
  for (const t of tokenize({ css })) expect([TokenType.BadString, TokenType.BadURL]).not.toContain(t[0]);
  const visit = (nodes: Node[], top: boolean) => {
    for (const n of nodes) {
      if (n.type === 'rule') {
        if (top) {
          const selectors: string[] = [''];
          for (const v of n.prelude) {
            if (v.kind === 'token' && v.token[0] === TokenType.Comma) selectors.push('');
            else selectors[selectors.length - 1] += textOf([v]);
          }
          for (const one of selectors) expect(one.trim() === root || one.trim().startsWith(`${root} `), one).toBe(true);
        }
        visit(n.body, false);
      } else if (n.type === 'at' && n.body && !n.name.endsWith('keyframes')) visit(n.body, top);
    }
  };
  visit(parseSheet(css).rules, true);
  // The checks pass on the output as it stands (what the re-read does).
  expect(() => walkSheet(parseSheet(css), true)).not.toThrow();
}

describe('scopeCustomCss: what a card needs is kept, scoped to the card root', () => {
  it.each([
    ['.name { color: red }', `${root} .name { color: red }`],
    ['h1, .a > p { color: blue }', `${root} h1,${root} .a > p { color: blue }`],
    ['body { background: #000 }', `${root} { background: #000 }`],
    [':root { --x: 1 }', `${root} { --x: 1 }`],
    ['html body .x { margin: 0 }', `${root} .x { margin: 0 }`],
    ['html > body + .x { margin: 0 }', `${root} .x { margin: 0 }`],
    ['* { box-sizing: border-box }', `${root} * { box-sizing: border-box }`],
    ['a[href^="https"]:hover::after, #id.k:nth-child(2n+1) { color: red }', `${root} a[href^="https"]:hover::after,${root} #id.k:nth-child(2n+1) { color: red }`],
    ['.a:not(.b, .c):is(h1) :has(> img) { x: y }', `${root} .a:not(.b, .c):is(h1) :has(> img) { x: y }`],
    ['@media (max-width: 600px) { .a { color: red } }', `@media (max-width: 600px) { ${root} .a { color: red } }`],
    ['@media screen and (width >= 40em), print { .a { color: red } }', `@media screen and (width >= 40em), print { ${root} .a { color: red } }`],
    ['@supports (display: grid) { @media print { .a { x: y } } }', `@supports (display: grid) { @media print { ${root} .a { x: y } } }`],
    ['@container card (min-width: 400px) { .a { x: y } }', `@container card (min-width: 400px) { ${root} .a { x: y } }`],
    ['@layer base, theme; @layer base { .a { x: y } }', `@layer base, theme; @layer base { ${root} .a { x: y } }`],
    ['@keyframes spin { from { opacity: 0 } 50% { opacity: .5 } to { opacity: 1 } }', '@keyframes spin { from { opacity: 0 } 50% { opacity: .5 } to { opacity: 1 } }'],
    ['@font-face { font-family: Eigen; src: local("Arial") }', '@font-face { font-family: Eigen; src: local("Arial") }'],
    ['.a { .b { color: red } &:hover { color: blue } > p { x: y } & + .c { x: y } }', `${root} .a { .b { color: red } &:hover { color: blue } > p { x: y } & + .c { x: y } }`],
    ['.a { @media (min-width: 1px) { color: red } }', `${root} .a { @media (min-width: 1px) { color: red } }`],
    [`.a { background: url(${upload}) }`, `${root} .a { background: url(${upload}) }`],
    [`.a { background: url("${upload}") }`, `${root} .a { background: url("${upload}") }`],
    [`.a { background-image: image-set("${upload}" 1x, url(${upload}) 2x) }`, `${root} .a { background-image: image-set("${upload}" 1x, url(${upload}) 2x) }`],
    ['.a { content: "\\201C" }', `${root} .a { content: "\\201C" }`],
    // A line break inside quotes is fine when escaped: the string goes on (CSS Syntax §4.3.5).
    ['.a { content: "eins\\\nzwei" }', `${root} .a { content: "eins\\\nzwei" }`],
    ['.\\31 0 { color: red }', `${root} .\\31 0 { color: red }`],
    ['/* Kommentar */ .a { color: red }', `${root} .a { color: red }`],
    // A comment is not whitespace: `.a/**/.b` is the compound .a.b, and stays it.
    ['.a/**/.b { color: red }', `${root} .a.b { color: red }`],
  ])('%s', (input, expected) => {
    const out = scopeCustomCss(input)!;
    expect(out.css).toBe(expected);
    expectScoped(out.css);
  });

  it('answers null for no CSS', () => {
    expect(scopeCustomCss(null)).toBeNull();
    expect(scopeCustomCss('   \n')).toBeNull();
    expect(scopeCustomCss('/* nur ein Kommentar */')).toBeNull();
  });

  it('names the uploads it loads (originals, for the ownership check)', () => {
    const out = scopeCustomCss(`.a { background: url(${upload}) } .b { background: url(/api/upload/logo/0b8f4a52-3c1e-4d6a-9f10-2a5b7c9d1e3f.w640.png) } .c { background: url(/api/upload/logo/abc.jpg) }`)!;
    expect(out.uploads.sort()).toEqual(['0b8f4a52-3c1e-4d6a-9f10-2a5b7c9d1e3f.png', 'abc.jpg']);
  });
});

// The payloads of issue 19 and their relatives: each must be refused (today's rules), never
// accepted with a different reading.
const ISSUE_BAD_STRING = '.name{content:"\n} html body{background:url(https://evil.example/x.png) red} main::before{content:"HACKED"}\n.vk-card-root{display:none} .zz{content:"\n}';
const ISSUE_LAYER = '@layer x "\n; @import url(https://evil.example/x.css); @layer y "\n;';

describe('scopeCustomCss refuses', () => {
  it.each([
    ['the issue\'s bad string (a raw line break ends the string in the browser)', ISSUE_BAD_STRING, 'Zeichenkette ohne schließendes Anführungszeichen'],
    ['the issue\'s @layer prelude hiding an @import', ISSUE_LAYER, 'Zeichenkette ohne schließendes Anführungszeichen'],
    ['a bad string in a selector', '[title="a\n"] { x: y }', 'Zeichenkette ohne schließendes Anführungszeichen'],
    ['a line break in single quotes', ".a { content: 'a\nb' }", 'Zeichenkette ohne schließendes Anführungszeichen'],
    ['a string cut off at the end', '.a { content: "abc', 'nicht abgeschlossen'],
    ['a bad url', '.a { background: url(/api/upload/image/a b.png) }', 'ungültige url()'],
    ['a url with a quote inside', '.a { background: url(/api/upload/image/a"b.png) }', 'ungültige url()'],
    ['an unclosed comment', '.a { color: red } /* offen', 'nicht abgeschlossen'],
    ['an unclosed block', '.a { color: red', 'nicht geschlossen'],
    ['CDC', '--> .a { color: red }', '„-->“'],
    ['an extra closing brace', '.a { color: red; } } body { display: none }', '„}“ ohne öffnende Klammer'],
    ['a declaration outside a rule', 'color: red;', 'Regel'],
    ['a declaration in a top-level @media', '@media print { color: red; }', 'Regel'],
    ['the end tag of the style element', '.a{} </style><script>alert(1)</script>', '„<“'],
    ['@import', '@import "x.css";', '@import'],
    ['an escaped @import (names compared as decoded)', '@\\69mport "x.css";', '@import'],
    ['@namespace', '@namespace svg url(http://www.w3.org/2000/svg);', '@namespace'],
    ['@charset', '@charset "utf-8";', '@charset'],
    ['@property (global)', '@property --x { syntax: "*"; inherits: true }', '@property'],
    ['@counter-style (global)', '@counter-style x { system: cyclic; symbols: "*" }', '@counter-style'],
    ['@page', '@page { margin: 0 }', '@page'],
    ['@scope', '@scope (.a) to (.b) { img { x: y } }', '@scope'],
    ['@document', '@document url-prefix() { .a { x: y } }', '@document'],
    ['@font-face with a remote font', '@font-face { font-family: x; src: url(https://evil.example/f.woff2) }', '/api/upload/'],
    ['@font-face nested in a rule', '.a { @font-face { font-family: x } }', '@font-face'],
    ['@layer with a string', '@layer "x";', '@layer'],
    ['@media with a url', '@media (min-width: 1px) and url(https://evil.example/x) { .a { x: y } }', '@media'],
    ['@media with a function', '@media (width: calc(1px)) { .a { x: y } }', '@media'],
    ['@supports with a remote url', '@supports (background: url(https://evil.example/x)) { .a { x: y } }', '/api/upload/'],
    ['@keyframes with two names', '@keyframes a b { from { x: y } }', '@keyframes'],
    ['url() to another host', '.a { background: url(https://evil.example/x.png) }', '/api/upload/'],
    ['url() to a route of another company (vCard saves)', '.a { background: url(/api/card/0b8f4a52/vcard?n) }', '/api/upload/'],
    ['url() climbing out of the upload path', '.a { background: url(/api/upload/image/../../auth) }', '/api/upload/'],
    ['url() to an upload with a query', `.a { background: url(${upload}?x) }`, '/api/upload/'],
    ['url() to an unknown upload field', '.a { background: url(/api/upload/other/abc.png) }', '/api/upload/'],
    ['a data: url', '.a { background: url(data:image/png;base64,AAAA) }', '/api/upload/'],
    ['URL() in capitals to another host', '.a { background: URL(https://evil.example/x.png) }', '/api/upload/'],
    ['an escaped url( (decoded as the browser does)', '.a { background: \\75 rl(https://evil.example/x.png) }', '/api/upload/'],
    ['src() with a foreign string', '.a { background: src("https://evil.example/x.png") }', '/api/upload/'],
    ['image-set() with a foreign string', '.a { background: -webkit-image-set("https://evil.example/x.png" 1x) }', '/api/upload/'],
    ['image-set() fed by a variable', '.a { --x: "https://evil.example/x.png"; background-image: image-set(var(--x) 1x) }', 'image-set()'],
    ['cross-fade() with a foreign string', '.a { background: cross-fade("https://evil.example/x.png", red) }', '/api/upload/'],
    ['a foreign url in a custom property', '.a { --bg: url(https://evil.example/x.png) }', '/api/upload/'],
    ['a {} block in a value (then it is no declaration)', '.a { --x: { color: red } }', 'eigene Eigenschaft'],
    ['a leading combinator', '+ div { x: y }', '+, ~ oder >'],
    ['a leading child combinator', '> div { x: y }', '+, ~ oder >'],
    ['a leading combinator in a list', '.a, ~ b { x: y }', '+, ~ oder >'],
    ['& at the top level', '& .a { x: y }', '&'],
    ['& inside :not() (turns the scope around)', '.a { body:not(&) { display: none } }', 'darf im eigenen CSS nicht'],
    ['& inside :has()', '.a { :has(&) { display: none } }', 'darf im eigenen CSS nicht'],
    ['nesting under the root itself (siblings of the root)', 'body { & + div { display: none } }', 'verschachtelten'],
    ['nesting under :root via @media', ':root { @media print { ~ * { display: none } } }', 'verschachtelten'],
    ['a namespace selector', 'svg|a { x: y }', 'Selektor'],
    ['::part()', '::part(x) { x: y }', 'Selektor'],
    ['an unknown pseudo-class function', '.a:host(.b) { x: y }', 'Selektor'],
    ['a broken attribute selector', '.a[ { x: y }', 'Fehler'],
    ['a custom property where a rule must be', '.a { --x:hover { color: red } }', 'eigene Eigenschaft'],
    ['a comment that merges two values', '.a { color: red/**/blue }', 'eindeutig'],
  ])('%s', (_name, input, fragment) => {
    const problem = customCssProblem(input);
    expect(problem, input).toBeDefined();
    expect(problem).toContain(fragment);
    expect(() => scopeCustomCss(input)).toThrow(CustomCssError);
  });

  it('allows exactly 20 KB (UTF-8 bytes, not characters)', () => {
    const rule = '.a { content: "" }';
    const fill = (bytes: number) => `${rule}/*${'x'.repeat(bytes - rule.length - 4)}*/`;
    expect(Buffer.byteLength(fill(MAX_CUSTOM_CSS_BYTES))).toBe(MAX_CUSTOM_CSS_BYTES);
    expect(customCssProblem(fill(MAX_CUSTOM_CSS_BYTES))).toBeUndefined();
    expect(customCssProblem(fill(MAX_CUSTOM_CSS_BYTES + 1))).toBe('Das eigene CSS darf höchstens 20 KB groß sein.');
    expect(customCssProblem(`.a { content: "${'ä'.repeat(10_241)}" }`)).toBe('Das eigene CSS darf höchstens 20 KB groß sein.');
  });

  it('at most 20 different uploads', () => {
    const rules = (n: number) => Array.from({ length: n }, (_, i) => `.a${i} { background: url(/api/upload/image/f${i}.png) }`).join('\n');
    expect(customCssProblem(rules(20))).toBeUndefined();
    expect(customCssProblem(rules(21))).toBe('Das eigene CSS darf höchstens 20 verschiedene Bilder laden.');
  });
});

describe('whatever is accepted reads back scoped (fuzzed from fragments)', () => {
  const fragments = [
    '.a', 'body', 'html', ':root', ' ', '\n', '{', '}', ';', ':', ',', '"', "'", '\\', '/*', '*/', '(', ')', '[', ']',
    'url(', `${upload}`, 'https://evil.example/x', '@media', '@layer', '@import', '&', '+', '>', '~', 'color', 'red',
    'content', '--x', 'var(--x)', 'image-set(', '#id', '::before', ':not(', '@supports', 'x', '1px', '!important', '-->',
  ];
  it('2,000 random sheets: either refused with a German CustomCssError, or scoped with only own uploads', () => {
    let seed = 19;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let accepted = 0;
    for (let i = 0; i < 2000; i++) {
      const css = Array.from({ length: 3 + rand(25) }, () => fragments[rand(fragments.length)]).join('');
      let out: { css: string } | null;
      try {
        out = scopeCustomCss(css);
      } catch (err) {
        expect(err, css).toBeInstanceOf(CustomCssError);
        continue;
      }
      if (!out) continue;
      accepted++;
      expectScoped(out.css);
      expect(out.css).not.toContain('evil.example');
    }
    expect(accepted).toBeGreaterThan(0);
  });
});
