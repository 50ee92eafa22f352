import { describe, expect, it } from 'vitest';
import postcss from 'postcss';
import type { AtRule, Container, Rule } from 'postcss';
import { CustomCssError, MAX_CUSTOM_CSS_BYTES, customCssProblem, scopeCustomCss } from '../../functions/lib/custom-css.ts';
import { CARD_ROOT_CLASS } from '../../shared/card/root.ts';

const root = `.${CARD_ROOT_CLASS}`;

/** Every top-level style rule (also inside @media etc., not nested, not keyframes) starts at the card root. */
function expectScoped(css: string): void {
  postcss.parse(css).walkRules((rule: Rule) => {
    let nested = false;
    for (let p = rule.parent as Container | undefined; p; p = p.parent as Container | undefined) {
      if (p.type === 'rule' || (p.type === 'atrule' && /keyframes$/i.test((p as AtRule).name))) nested = true;
    }
    if (nested) return;
    for (const selector of rule.selectors) expect(selector === root || selector.startsWith(`${root} `), selector).toBe(true);
  });
}

describe('scopeCustomCss', () => {
  it.each([
    ['.name { color: red }', `${root} .name { color: red }`],
    ['h1, .a > p { color: blue }', `${root} h1,${root} .a > p { color: blue }`],
    ['body { background: #000 }', `${root} { background: #000 }`],
    [':root { --x: 1 }', `${root} { --x: 1 }`],
    ['html body .x { margin: 0 }', `${root} .x { margin: 0 }`],
    ['* { box-sizing: border-box }', `${root} * { box-sizing: border-box }`],
    ['@media (max-width: 600px) { .a { color: red } }', `@media (max-width: 600px) { ${root} .a { color: red } }`],
    ['@supports (display: grid) { @media print { .a { x: y } } }', `@supports (display: grid) { @media print { ${root} .a { x: y } } }`],
    ['@keyframes spin { from { opacity: 0 } to { opacity: 1 } }', '@keyframes spin { from { opacity: 0 } to { opacity: 1 } }'],
    ['.a { .b { color: red } }', `${root} .a { .b { color: red } }`],
    ['.a { background: url(/api/upload/image/abc.w320.png) }', `${root} .a { background: url(/api/upload/image/abc.w320.png) }`],
    ['.a { content: "\\201C" }', `${root} .a { content: "\\201C" }`],
    ['/* Kommentar */ .a { color: red }', `${root} .a { color: red }`],
  ])('%s', (input, expected) => {
    const out = scopeCustomCss(input)!;
    expect(out).toBe(expected);
    expectScoped(out);
  });

  it('answers null for no CSS', () => {
    expect(scopeCustomCss(null)).toBeNull();
    expect(scopeCustomCss('   \n')).toBeNull();
    expect(scopeCustomCss('/* nur ein Kommentar */')).toBeNull();
  });

  it.each([
    ['.a{} </style><script>alert(1)</script>', '„<“'],
    ['.a { content: "<" }', '„<“'],
    ['@import "x.css";', '@import'],
    ['@\\69mport "x.css";', 'Fehler'],
    ['@charset "utf-8";', '@charset'],
    ['@document url-prefix() { .a { x: y } }', '@document'],
    ['@scope (.a) to (.b) { img { x: y } }', '@scope'],
    ['.a { background: url(https://evil.example/x.png) }', '/api/upload/'],
    ['.a { background: url(data:image/png;base64,AAAA) }', '/api/upload/'],
    ['.a { background: url(javascript:alert(1)) }', '/api/upload/'],
    ['.a { background: src("https://evil.example/x.png") }', '/api/upload/'],
    ['.a { background: -webkit-image-set("https://evil.example/x.png" 1x) }', '/api/upload/'],
    ['.a { background: cross-fade("https://evil.example/x.png", red) }', '/api/upload/'],
    ['.a { background: URL(https://evil.example/x.png) }', '/api/upload/'],
    ['.a { background: \\75 rl(https://evil.example/x.png) }', 'Escape'],
    ['.a { background: \\22  \\75 rl(https://evil.example/x.png) \\22 }', 'Escape'],
    ['.a { background: url(/api/upload/image/%2e%2e/x) }', '/api/upload/'],
    ['+ div { x: y }', '+, ~ oder >'],
    ['> div { x: y }', '+, ~ oder >'],
    ['.a, ~ b { x: y }', '+, ~ oder >'],
    ['color: red;', 'Regel'],
    ['@media print { color: red; }', 'Regel'],
    ['.a { color: red; } }', 'Fehler in Zeile 1'],
    ['.a[ { x: y }', 'Fehler'],
  ])('refuses %s', (input, fragment) => {
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
    // 10,241 umlauts are 20,482 bytes.
    expect(customCssProblem(`.a { content: "${'ä'.repeat(10_241)}" }`)).toBe('Das eigene CSS darf höchstens 20 KB groß sein.');
  });
});
