import { describe, expect, test } from 'vitest';
import { cardContent } from '../../shared/card/content.ts';
import { defaultCardSettings } from '../../shared/card/defaults.ts';
import { applePassContent, googlePassContent, rgbColor, walletImages } from '../../shared/card/wallet.ts';
import type { CardPerson, CardProfile } from '../../shared/card/types.ts';

const person: CardPerson = {
  firstname: ' Jürgen ', lastname: 'Weiß', nice: 'Dr.', position: 'Geschäftsführer', imageWallet: 'w.png', color: '#123456',
  tel: [{ type: 'work', value: '+49 30 1234567' }, { type: 'cell', value: '0171 2345678' }],
  email: [{ type: 'work1', value: 'jw@beispiel.de' }, { type: 'work2', value: 'info@beispiel.de' }],
  social: [], adresseId: 'a1',
};
const profile: CardProfile = {
  firmenname: 'Weiß & Söhne GmbH', logo: 'l.png', appleLogo: 'a.png', walletLogo: 'wl.png', url: 'https://weiss.example',
  impressum: 'https://weiss.example/impressum', adressen: [{ adresseId: 'a1', straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', bundesland: undefined, land: undefined }],
  settings: { ...defaultCardSettings, applePass: { backgroundColor: '#0A0', fontColor: '#FFFFFF' } },
};
const url = 'https://karten.example/c/abc';

describe('the wallet mapping (passes and previews)', () => {
  test('Apple: fields from the card model, colours as rgb(), QR with the card URL', () => {
    const p = applePassContent(cardContent({ person, profile }), url);
    expect(p.primaryFields).toEqual([{ key: 'name', label: 'Name', value: 'Dr. Jürgen Weiß' }]);
    expect(p.secondaryFields.map((f) => f.value)).toEqual(['Geschäftsführer', 'Weiß & Söhne GmbH']);
    expect(p.auxiliaryFields.map((f) => f.value)).toEqual(['+49 30 1234567', 'jw@beispiel.de']);
    expect(p.backFields.map((f) => f.key)).toEqual(['back-tel-work', 'back-tel-cell', 'back-email-work1', 'back-email-work2', 'back-web', 'back-address', 'back-impressum']);
    expect(p.backFields.find((f) => f.key === 'back-address')!.value).toBe('Hauptstraße 1, 10115 Berlin');
    expect([p.backgroundColor, p.foregroundColor, p.labelColor]).toEqual(['rgb(0, 170, 0)', 'rgb(255, 255, 255)', 'rgb(255, 255, 255)']);
    expect(p.barcodeMessage).toBe(url);
    expect(p.organizationName).toBe('Weiß & Söhne GmbH');
  });

  test('English labels for an English company; empty values leave no field', () => {
    const p = applePassContent(cardContent({ person: { ...person, position: ' ', tel: [], email: [] }, profile: null, lang: 'en' }), url);
    expect(p.secondaryFields).toEqual([]);
    expect(p.auxiliaryFields).toEqual([]);
    expect(p.description).toBe('Business card Dr. Jürgen Weiß');
    expect(p.hex).toEqual({ background: '#FFFFFF', foreground: '#000000' });
  });

  test('Google: title, header, subheader, the Apple pass\'s background, text modules and links (call, write, website) with valid ids', () => {
    const g = googlePassContent(cardContent({ person, profile }), url);
    expect(g).toEqual({
      cardTitle: 'Weiß & Söhne GmbH', header: 'Dr. Jürgen Weiß', subheader: 'Geschäftsführer', hexBackgroundColor: '#0a0', barcodeValue: url,
      textModules: [
        { id: 'tel-work', header: 'Geschäftlich', body: '+49 30 1234567' },
        { id: 'tel-cell', header: 'Mobil', body: '0171 2345678' },
        { id: 'email-work1', header: 'E-Mail', body: 'jw@beispiel.de' },
        { id: 'email-work2', header: 'E-Mail 2', body: 'info@beispiel.de' },
      ],
      links: [
        { id: 'link-tel-work', uri: 'tel:+49301234567', description: 'Anrufen: +49 30 1234567' },
        { id: 'link-tel-cell', uri: 'tel:01712345678', description: 'Anrufen: 0171 2345678' },
        { id: 'link-email-work1', uri: 'mailto:jw@beispiel.de', description: 'E-Mail schreiben: jw@beispiel.de' },
        { id: 'link-email-work2', uri: 'mailto:info@beispiel.de', description: 'E-Mail schreiben: info@beispiel.de' },
        { id: 'link-web', uri: 'https://weiss.example', description: 'Webseite öffnen' },
        { id: 'link-card', uri: url, description: 'Visitenkarte öffnen' },
      ],
    });
    // Both passes share the background; an English profile's links speak English.
    expect(g.hexBackgroundColor).toBe(applePassContent(cardContent({ person, profile }), url).hex.background.toLowerCase());
    expect(googlePassContent(cardContent({ person, profile, lang: 'en' }), url).links[0]!.description).toBe('Call +49 30 1234567');
    for (const l of g.links) expect(l.id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  test('images: walletLogo first, older logos stand in, nothing when there is none', () => {
    expect(walletImages(person, profile)).toEqual({
      icon: { field: 'walletLogo', file: 'wl.png' }, logo: { field: 'walletLogo', file: 'wl.png' }, thumbnail: { field: 'imageWallet', file: 'w.png' },
    });
    expect(walletImages({ ...person, imageWallet: '' }, { ...profile, walletLogo: undefined })).toEqual({
      icon: { field: 'logo', file: 'l.png' }, logo: { field: 'appleLogo', file: 'a.png' }, thumbnail: undefined,
    });
    expect(walletImages(person, null).logo).toBeUndefined();
    expect(rgbColor('#fff')).toBe('rgb(255, 255, 255)');
  });
});
