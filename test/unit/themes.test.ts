import { describe, expect, test } from 'vitest';
import { resolveTheme } from '../../web/src/themes/index.tsx';
import { profileLanguage, themeLanguage, visitorLanguage } from '../../shared/card/themes.ts';
import { hexColor, mailHref, telHref, uploadUrl, webHref } from '../../shared/card/links.ts';
import { buildVcard } from '../../shared/card/vcard.ts';
import { cardContent } from '../../shared/card/content.ts';
import { defaultCardSettings } from '../../shared/card/defaults.ts';
import { uploadGet } from '../../shared/api/routes/upload.ts';
import { fillPath } from '../../shared/api/define.ts';
import { profileSettingsSchema } from '../../shared/schemas/profile.ts';
import type { CardPerson as ThemePerson, CardProfile as ThemeProfile } from '../../shared/card/types.ts';

const person = (extra: Partial<ThemePerson> = {}): ThemePerson => ({ firstname: 'Jörg', lastname: 'Äbert', tel: [], email: [], social: [], ...extra });
const profile = (extra: Partial<ThemeProfile> = {}, settings: unknown = {}): ThemeProfile => ({
  settings: profileSettingsSchema.parse(settings),
  adressen: [{ adresseId: 'a1', straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', bundesland: undefined, land: 'Deutschland' }],
  ...extra,
});

describe('theme registry', () => {
  test('known themes resolve to themselves, unknown or missing ones to the-vcard', () => {
    expect(resolveTheme('the-vcard')).toBe('the-vcard');
    expect(resolveTheme('gibt-es-nicht')).toBe('the-vcard');
    expect(resolveTheme('__proto__')).toBe('the-vcard');
    expect(resolveTheme(undefined)).toBe('the-vcard');
  });
});

describe('links on a card', () => {
  test('only http(s) web links', () => {
    expect(webHref('https://mueller.de')).toBe('https://mueller.de');
    expect(webHref('javascript:alert(1)')).toBeUndefined();
    expect(webHref('data:text/html,x')).toBeUndefined();
    expect(webHref('www.mueller.de')).toBeUndefined();
  });

  test('tel: keeps digits and a leading plus only', () => {
    expect(telHref('+49 (30) 123-456')).toBe('tel:+4930123456');
    expect(telHref('javascript:alert(1)')).toBeUndefined();
    expect(telHref('12')).toBeUndefined();
  });

  test('mailto: only for a plain address', () => {
    expect(mailHref(' a@b.de ')).toBe('mailto:a@b.de');
    expect(mailHref('a@b.de?bcc=x@y.de')).toBeUndefined();
    expect(mailHref('kein-at')).toBeUndefined();
  });

  test('colours only as hex', () => {
    expect(hexColor('#abc', '#000')).toBe('#abc');
    expect(hexColor('red;background:url(x)', '#000')).toBe('#000');
  });
});

describe('card content', () => {
  test('labels, safe links, company fallback and the chosen address', () => {
    const c = cardContent({
      person: person({
        nice: 'Dr.', adresseId: 'a1', url: 'https://mueller.de/',
        tel: [{ type: 'work', value: '030 1' }, { type: 'cell', value: '  ' }],
        email: [{ type: 'work1', value: 'a@b.de' }, { type: 'work2', value: 'c@d.de' }],
        social: [{ type: 'xing', link: 'https://xing.com/x' }, { type: 'facebook', link: 'javascript:1' }, { type: 'phone', link: 'https://x.de' }],
      }),
      profile: profile({ firmenname: 'Müller & Söhne', impressum: 'https://mueller.de/impressum', datenschutz: 'ftp://x' }),
    });
    expect(c.name).toBe('Dr. Jörg Äbert');
    expect(c.company).toBe('Müller & Söhne');
    expect(c.phones).toEqual([expect.objectContaining({ label: 'Geschäftlich', href: 'tel:0301' })]);
    expect(c.emails.map((e) => e.label)).toEqual(['E-Mail', 'E-Mail 2']);
    expect(c.web).toMatchObject({ text: 'mueller.de', href: 'https://mueller.de/' });
    expect(c.socials).toEqual([{ type: 'xing', icon: 'xing', label: 'Xing', href: 'https://xing.com/x' }]);
    expect(c.address).toEqual(['Hauptstraße 1', '10115 Berlin', 'Deutschland']);
    expect(c.legal).toEqual([{ key: 'impressum', label: 'Impressum', href: 'https://mueller.de/impressum' }]);
  });

  test("the profile's social links fill in the networks the holder has none for (issue 24: the company's LinkedIn)", () => {
    const c = cardContent({
      person: person({ social: [{ type: 'xing', link: 'https://xing.com/eigen' }] }),
      profile: profile({ social: [{ type: 'linkedin', link: 'https://linkedin.com/company/firma' }, { type: 'xing', link: 'https://xing.com/firma' }, { type: 'youtube', link: 'javascript:1' }] }),
    });
    expect(c.socials.map((x) => [x.type, x.href])).toEqual([['xing', 'https://xing.com/eigen'], ['linkedin', 'https://linkedin.com/company/firma']]);
    const vcard = buildVcard(c, { cardUrl: 'https://karten.example/c/1' });
    expect(vcard).toMatch(/item(\d+)\.URL:https:\/\/linkedin\.com\/company\/firma\r\nitem\1\.X-ABLabel:LinkedIn\r\n/);
    expect(vcard).not.toContain('xing.com/firma');
  });

  test('display settings hide street and postcode; the person colour wins over the profile colour', () => {
    const c = cardContent({
      person: person({ adresseId: 'a1', color: '#123456' }),
      profile: profile({}, { display: { showStrasse: false, showPLZ: false }, person: { background: '#ff0000' } }),
    });
    expect(c.address).toEqual(['Berlin', 'Deutschland']);
    expect(c.colors.band).toBe('#123456');
    expect(cardContent({ person: person(), profile: profile({}, { person: { background: '#ff0000' } }) }).colors.band).toBe('#ff0000');
  });

  test('without a profile the default settings apply', () => {
    const c = cardContent({ person: person({ org: 'Org GmbH' }), profile: null });
    expect(c.settings.theme).toBe('the-vcard');
    expect(c.company).toBe('Org GmbH');
    expect(c.address).toEqual([]);
  });
});

describe('card model without zod', () => {
  test('the plain default settings equal the schema defaults', () => {
    expect(defaultCardSettings).toEqual(profileSettingsSchema.parse({}));
  });

  test('uploadUrl builds the same path as the route table', () => {
    expect(uploadUrl('logo', 'a b.png')).toBe(fillPath(uploadGet.path, { field: 'logo', filename: 'a b.png' }));
  });

  test('title is the display name followed by the name; English labels for lang en', () => {
    const c = cardContent({ person: person({ org: 'Äbert AG' }), profile: null, lang: 'en' });
    expect(c.title).toBe('Äbert AG Jörg Äbert');
    expect(c.labels.impressum).toBe('Legal notice');
  });
});

describe('languages (issue 23)', () => {
  test('the visitor\'s browser decides unless the theme fixes one; else the company\'s language', () => {
    expect(visitorLanguage({ theme: 'the-vcard', companyLang: 'de', browser: ['en-US', 'de'] })).toBe('en');
    expect(visitorLanguage({ theme: 'the-vcard', companyLang: 'en', browser: ['de-AT'] })).toBe('de');
    expect(visitorLanguage({ theme: 'the-vcard', companyLang: 'en', browser: ['fr-FR', 'it'] })).toBe('en');
    expect(visitorLanguage({ theme: 'the-vcard-en', companyLang: 'de', browser: ['de-DE'] })).toBe('en');
    expect(visitorLanguage({ theme: undefined, companyLang: undefined, browser: [] })).toBe('de');
  });

  test('vCard and passes follow the profile: its theme\'s language, else the company\'s', () => {
    expect(themeLanguage('the-vcard-en')).toBe('en');
    expect(themeLanguage('the-vcard')).toBeUndefined();
    expect(profileLanguage('the-vcard-en', 'de')).toBe('en');
    expect(profileLanguage('dark', 'en')).toBe('en');
    expect(profileLanguage('gibt-es-nicht', 'xx')).toBe('de');
  });
});
