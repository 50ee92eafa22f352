import { describe, expect, test } from 'vitest';
import { fieldErrorsOf } from '../../shared/schemas/common.ts';
import { createPersonSchema, updatePersonSchema } from '../../shared/schemas/person.ts';

const base = { companyProfilId: 'p1', firstname: 'Anna', lastname: 'Berg' };
const errorsOf = (input: unknown) => {
  const r = createPersonSchema.safeParse(input);
  return r.success ? {} : fieldErrorsOf(r.error);
};

describe('person schema', () => {
  test('a minimal card is valid; lists default to empty, the card to active; texts trimmed', () => {
    const r = createPersonSchema.parse({ ...base, firstname: '  Anna ', position: '  ' });
    expect(r).toMatchObject({ firstname: 'Anna', tel: [], email: [], social: [], isActive: true });
    expect(r.position).toBeUndefined();
  });

  test('first name, last name and profile are required, blank counts as missing', () => {
    expect(errorsOf({ firstname: ' ', lastname: '', companyProfilId: '' })).toEqual({
      firstname: 'Pflichtfeld', lastname: 'Pflichtfeld', companyProfilId: 'Pflichtfeld',
    });
  });

  test('contact entries need a known type and a value', () => {
    expect(errorsOf({ ...base, tel: [{ type: '', value: '' }], email: [{ type: 'private', value: 'a@b.de' }] })).toEqual({
      'tel.0.type': 'Bitte wählen Sie einen Typ',
      'tel.0.value': 'Pflichtfeld',
      'email.0.type': 'Bitte wählen Sie einen Typ',
    });
  });

  test('emails must be valid, phones dialable, social links http(s)', () => {
    expect(errorsOf({
      ...base,
      email: [{ type: 'work1', value: 'kein-at' }],
      tel: [{ type: 'work', value: 'ruf an' }],
      social: [{ type: 'xing', link: 'javascript:alert(1)' }],
      url: 'www.beispiel.de',
    })).toEqual({
      'email.0.value': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
      'tel.0.value': 'Bitte geben Sie eine gültige Telefonnummer ein',
      'social.0.link': 'Muss mit http:// oder https:// beginnen',
      url: 'Muss mit http:// oder https:// beginnen',
    });
  });

  test('one entry per type', () => {
    expect(errorsOf({
      ...base,
      tel: [{ type: 'work', value: '030 1' }, { type: 'work', value: '030 2' }],
      social: [{ type: 'xing', link: 'https://xing.com/a' }, { type: 'xing', link: 'https://xing.com/b' }],
    })).toEqual({ 'tel.1.type': 'Dieser Typ ist bereits vergeben', 'social.1.type': 'Dieser Typ ist bereits vergeben' });
  });

  test('email types work1..work5 are accepted', () => {
    const email = ['work1', 'work2', 'work3', 'work4', 'work5'].map((type, i) => ({ type, value: `a${i}@b.de` }));
    expect(createPersonSchema.safeParse({ ...base, email }).success).toBe(true);
  });

  test('image names cannot leave the uploads folder, colors are hex', () => {
    expect(errorsOf({ ...base, image: '../x.png', color: 'red' })).toEqual({
      image: 'Ungültiger Dateiname', color: 'Bitte geben Sie eine Farbe im Format #rrggbb ein',
    });
  });

  test('update needs the version and keeps isActive optional', () => {
    const r = updatePersonSchema.safeParse(base);
    expect(r.success ? {} : fieldErrorsOf(r.error)).toEqual({ version: 'Pflichtfeld' });
    expect(updatePersonSchema.parse({ ...base, version: 2 }).isActive).toBeUndefined();
  });
});
