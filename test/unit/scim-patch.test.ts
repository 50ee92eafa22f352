import { describe, expect, test } from 'vitest';
import { applyPatch } from '../../functions/domain/scim/scim-patch.ts';
import { parseFilter } from '../../functions/domain/scim/scim-filter.ts';
import { parseUser, userResource } from '../../functions/domain/scim/scim-resource.ts';
import { cardFieldsOf } from '../../functions/domain/scim/scim-card.ts';
import { ScimError } from '../../functions/domain/scim/scim-error.ts';

const ENT = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const base = () => userResource(parseUser({
  userName: 'a@b.example', name: { givenName: 'Ada', familyName: 'Byron' },
  emails: [{ type: 'work', value: 'a@b.example', primary: true }, { type: 'home', value: 'ada@home.example' }],
  phoneNumbers: [{ type: 'work', value: '+49 30 1' }],
}));
const patch = (...Operations: unknown[]) => parseUser(applyPatch(base(), { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations }));

describe('SCIM PATCH (RFC 7644 3.5.2)', () => {
  test('op names in any case; a sub-attribute path; a filtered path', () => {
    const u = patch(
      { op: 'REPLACE', path: 'name.givenName', value: 'Augusta' },
      { op: 'Replace', path: 'emails[type eq "Work"].value', value: 'neu@b.example' },
    );
    expect(u.name).toMatchObject({ givenName: 'Augusta', familyName: 'Byron' });
    expect(u.emails).toEqual([{ type: 'work', value: 'neu@b.example', primary: true }, { type: 'home', value: 'ada@home.example' }]);
  });

  test('a filtered path that matches nothing adds the element; remove with a filter drops it', () => {
    expect(patch({ op: 'add', path: 'phoneNumbers[type eq "mobile"].value', value: '+49 170 2' }).phoneNumbers)
      .toEqual([{ type: 'work', value: '+49 30 1' }, { type: 'mobile', value: '+49 170 2' }]);
    expect(patch({ op: 'remove', path: 'emails[type eq "home"]' }).emails).toEqual([{ type: 'work', value: 'a@b.example', primary: true }]);
    expect(patch({ op: 'remove', path: 'name.familyName' }).name).toEqual({ givenName: 'Ada' });
  });

  test('without a path the value object sets attributes, its keys may be paths or the extension', () => {
    const u = patch({ op: 'replace', value: { active: 'False', 'name.familyName': 'King', displayName: 'Ada King', [ENT]: { department: 'Analytik' } } });
    expect(u).toMatchObject({ active: false, displayName: 'Ada King', department: 'Analytik', name: { familyName: 'King' } });
    expect(patch({ op: 'add', path: `${ENT}:organization`, value: 'Engine GmbH' }).organization).toBe('Engine GmbH');
    // Attribute names are case-insensitive (RFC 7643 2.1).
    expect(patch({ op: 'replace', path: 'NAME.GIVENNAME', value: 'A.' }).name?.givenName).toBe('A.');
  });

  test('adding to a multi-valued attribute replaces the value of the same type and keeps the others', () => {
    expect(patch({ op: 'add', path: 'emails', value: [{ type: 'work', value: 'x@b.example' }] }).emails)
      .toEqual([{ type: 'home', value: 'ada@home.example' }, { type: 'work', value: 'x@b.example' }]);
  });

  test('what is refused', () => {
    const cases: [unknown, string][] = [
      [{ op: 'move', path: 'title', value: 'x' }, 'invalidSyntax'],
      [{ op: 'remove' }, 'noTarget'],
      [{ op: 'replace', path: 'emails[type ne "x"].value', value: 'x' }, 'invalidPath'],
      [{ op: 'replace', value: 'kein Objekt' }, 'invalidValue'],
      [{ op: 'replace', path: 'active', value: 'vielleicht' }, 'invalidValue'],
      [{ op: 'replace', path: 'userName', value: '' }, 'invalidValue'],
    ];
    for (const [op, scimType] of cases) {
      let caught: unknown;
      try { patch(op); } catch (err) { caught = err; }
      expect(caught, JSON.stringify(op)).toBeInstanceOf(ScimError);
      expect((caught as ScimError).scimType, JSON.stringify(op)).toBe(scimType);
    }
  });
});

describe('SCIM filters and the card mapping', () => {
  test('the match-key filters, in any case, with escaped quotes; others are invalidFilter', () => {
    expect(parseFilter('userName eq "a@b.example"')).toEqual({ attr: 'userName', value: 'a@b.example' });
    expect(parseFilter('EXTERNALID EQ "x\\"y"')).toEqual({ attr: 'externalId', value: 'x"y' });
    expect(parseFilter(undefined)).toBeUndefined();
    for (const f of ['userName co "a"', 'emails.value eq "a"', 'userName eq "a" or userName eq "b"']) expect(() => parseFilter(f)).toThrow(ScimError);
  });

  test('card fields: name fallbacks, primary e-mail first, work and mobile numbers', () => {
    const card = cardFieldsOf(parseUser({
      userName: 'max@firma.example', displayName: 'Max von Muster',
      emails: [{ type: 'home', value: 'max@privat.example' }, { type: 'work', value: 'MAX@firma.example' }, { value: 'kein-mail' }],
      phoneNumbers: [{ type: 'mobile', value: '+49 170 1' }, { type: 'fax', value: '+49 30 9' }, { type: 'work', value: '+49 30 1' }],
      title: 'Leitung', active: 'True',
    }));
    expect(card).toEqual({
      firstname: 'Max von', lastname: 'Muster', position: 'Leitung', isActive: true,
      email: [{ type: 'work1', value: 'max@firma.example' }, { type: 'work2', value: 'max@privat.example' }],
      tel: [{ type: 'work', value: '+49 30 1' }, { type: 'cell', value: '+49 170 1' }],
    });
    expect(cardFieldsOf(parseUser({ userName: 'nur.name@firma.example' }))).toMatchObject({ firstname: 'nur.name', lastname: '-' });
  });
});
