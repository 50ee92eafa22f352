import { describe, expect, test } from 'vitest';
import { emptyCard, withDefaultAddress, withOfferedAddress } from '../../web/src/pages/cards/card-values.ts';

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

  test('a new card on a profile with exactly one address has it chosen; with several or a choice made, nothing changes', () => {
    const none = emptyCard('p1');
    expect(withDefaultAddress(none, [{ adresseId: 'a1' }])).toEqual({ ...none, adresseId: 'a1' });
    expect(withDefaultAddress(none, adressen)).toBe(none);
    expect(withDefaultAddress(none, [])).toBe(none);
    const chosen = { ...none, adresseId: 'a2' };
    expect(withDefaultAddress(chosen, [{ adresseId: 'a1' }])).toBe(chosen);
  });
});
