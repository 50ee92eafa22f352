import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { createBareTenant, createProfile, uploadImage } from '../helpers/card-fixtures.ts';
import { createTenant } from './cards.helpers.ts';
import type { CardTenant } from './cards.helpers.ts';

// A profile's own CSS: saving one that could leave the card, load from elsewhere or end its style
// element is a 400 with a German message on `settings.customCss` and changes nothing; a valid one
// reaches the public card scoped to the card root. The first two payloads are issue 19's: a raw
// line break inside quotes (a CSS bad string) and an @layer prelude hiding an @import.

const s = useTestServer();

const breakOuts: [string, string][] = [
  ['a bad string that hides rules from the checks (issue 19)', '.name{content:"\n} html body{background:url(https://evil.example/x.png) red} main::before{content:"HACKED"}\n.vk-card-root{display:none} .zz{content:"\n}'],
  ['an @layer prelude hiding an @import (issue 19)', '@layer x "\n; @import url(https://evil.example/x.css); @layer y "\n;'],
  ['url() to another company\'s card route (issue 19)', '.a { background: url(/api/card/0b8f4a52-3c1e-4d6a-9f10-2a5b7c9d1e3f/vcard?n) }'],
  ['nesting that turns the scope around', '.a { body:not(&) { display: none } }'],
  ['closing the style element', '.a { color: red } </style><script>alert(1)</script>'],
  ['closing it in upper case', '.a{}</STYLE><img src=x onerror=alert(1)>'],
  ['a comment holding the end tag', '/* </style> */ .a { color: red }'],
  ['@import', '@import url(https://evil.example/x.css);'],
  ['@import in capitals', '@IMPORT "https://evil.example/x.css";'],
  ['an escaped @import', '@\\69mport "https://evil.example/x.css";'],
  ['url() to another host', '.a { background: url(https://evil.example/t.png) }'],
  ['protocol-relative url()', '.a { background: url("//evil.example/t.png") }'],
  ['an escaped url(', '.a { background: \\75 rl(https://evil.example/t.png) }'],
  ['an escaped url( behind an escaped quote', '.a { background: \\22  \\75 rl(https://evil.example/t.png) \\22 }'],
  ['image-set() with a string', '.a { background-image: image-set("https://evil.example/t.png" 1x) }'],
  ['a font from elsewhere', '@font-face { font-family: x; src: url(https://evil.example/f.woff2) }'],
  ['an upload path climbing out', '.a { background: url(/api/upload/image/../../../auth) }'],
  ['a sibling of the card root', '+ body { display: none }'],
  ['a general sibling', '~ * { display: none }'],
  ['closing the scope with an extra brace', '.a { color: red; } } body { display: none }'],
  ['@namespace', '@namespace svg url(http://www.w3.org/2000/svg);'],
  ['@page', '@page { margin: 0 }'],
  ['a declaration outside any rule', 'display: none;'],
  ['more than 20 KB', `.a { color: red } /* ${'x'.repeat(21 * 1024)} */`],
];

describe('customCss on profile save', () => {
  let t: CardTenant;
  let version: number;
  beforeAll(async () => {
    t = await createTenant(s);
    version = (await s.call('profileGet', { params: { id: t.profile.id }, token: t.user.token })).body.version;
  });

  it.each(breakOuts)('refuses %s with 400 on settings.customCss, nothing changed', async (_name, css) => {
    const res = await t.updateProfile({ settings: { customCss: css } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const message = res.body.fieldErrors?.['settings.customCss'];
    expect(message, JSON.stringify(res.body)).toBeTruthy();
    // German: one of the catalogue's texts, not a parser's English.
    expect(message).toMatch(/CSS|Selektor|Eigenschaften|@|Text ist zu lang/);
    const after = await s.call('profileGet', { params: { id: t.profile.id }, token: t.user.token });
    expect(after.body.version).toBe(version);
    expect(after.body.settings.customCss).toBe('.name { color: #123456; }');
  });

  it('refuses a break-out when a profile is created too', async () => {
    const res = await s.call('profileCreate', { token: t.user.token,
      body: { companyId: t.company.id, profilname: 'Mit CSS', settings: { customCss: '.a{} </style><script>alert(1)</script>' } } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors['settings.customCss']).toBe('Das eigene CSS darf das Zeichen „<“ nicht enthalten.');
  });

  it('names the line of a syntax error in German', async () => {
    const res = await t.updateProfile({ settings: { customCss: '.a { color: red }\n.b { color: blue' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors['settings.customCss']).toMatch(/^Das eigene CSS enthält einen Fehler in Zeile 2: /);
  });

  it('refuses an image of another company, also when it is a real upload (issue 19)', async () => {
    const other = await createBareTenant(s);
    const foreign = await uploadImage(s, other.user.token, other.company.id);
    const res = await t.updateProfile({ settings: { customCss: `.a { background: url(/api/upload/image/${foreign}) }` } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fieldErrors['settings.customCss']).toBe('Das eigene CSS lädt ein Bild, das nicht zu diesem Unternehmen gehört. Bitte das Bild hochladen und dessen Adresse verwenden.');
    const after = await s.call('profileGet', { params: { id: t.profile.id }, token: t.user.token });
    expect(after.body.version).toBe(version);
  });

  it('stores a valid one as written and serves it scoped to the card root', async () => {
    const own = await uploadImage(s, t.user.token, t.company.id);
    const ownVariant = own.replace(/\.png$/, '.w320.png');
    const profile = await createProfile(s, t.company.id, {
      adressen: [{ straße: 'Weg 1', ort: 'Köln' }],
      settings: {
        customCss: 'body { background: #fafafa }\n.name, .position > span { color: #123456 }\n'
          + `@media (max-width: 600px) { .name { font-size: 2rem } }\n.logo { background: url(/api/upload/logo/${ownVariant}) }`,
      },
    });
    const res = await s.call('personCreate', { token: t.user.token,
      body: { companyProfilId: profile.id, firstname: 'Eva', lastname: 'Ernst' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const card = await s.call('cardGet', { params: { id: res.body.id } });
    expect(card.body.profile.settings.customCss).toBe(
      '.vk-card-root { background: #fafafa }\n.vk-card-root .name,.vk-card-root .position > span { color: #123456 }\n'
      + `@media (max-width: 600px) { .vk-card-root .name { font-size: 2rem } }\n.vk-card-root .logo { background: url(/api/upload/logo/${ownVariant}) }`,
    );
    // The form gets back what was typed.
    const stored = await s.call('profileGet', { params: { id: profile.id }, token: t.user.token });
    expect(stored.body.settings.customCss).toMatch(/^body \{ background: #fafafa \}/);
  });
});
