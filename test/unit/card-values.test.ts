import { describe, expect, test } from 'vitest';
import { emptyCard, withOfferedAddress } from '../../web/src/pages/cards/card-values.ts';

describe('card form values', () => {
  const adressen = [{ adresseId: 'a1' }, { adresseId: 'a2' }];

  test('an address the profile no longer has is dropped (the select shows "Keine Adresse")', () => {
    const v = { ...emptyCard('p1'), firstname: 'Jörg', adresseId: 'weg' };
    expect(withOfferedAddress(v, adressen)).toEqual({ ...v, adresseId: '' });
    expect(withOfferedAddress({ ...v, adresseId: 'a1' }, [])).toMatchObject({ adresseId: '' });
  });

  test('an offered address or none leaves the values as they are (the same object, so no re-render loop)', () => {
    const chosen = { ...emptyCard('p1'), adresseId: 'a2' };
    expect(withOfferedAddress(chosen, adressen)).toBe(chosen);
    const none = emptyCard('p1');
    expect(withOfferedAddress(none, adressen)).toBe(none);
  });
});
