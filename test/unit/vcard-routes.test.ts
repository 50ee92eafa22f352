import { describe, expect, test } from 'vitest';
import { areas, routeList } from '../../shared/api/routes.ts';
import { routeMatcher } from '../../functions/lib/route-match.ts';
import { legacyDefaultSettings, vcardSettingsSchema } from '../../shared/schemas/vcard-settings.ts';

const matchRoute = routeMatcher(routeList);

describe('route table across areas', () => {
  test('no route name is declared by two areas (Object.assign would silently keep one)', () => {
    const names = Object.values(areas).flatMap((mod) => Object.values(mod).map((r) => r.name));
    const dupes = names.filter((n, i) => names.indexOf(n) !== i);
    expect(dupes).toEqual([]);
    expect(routeList.length).toBe(names.length);
  });

  test('no method and path is declared twice across areas', () => {
    const all = Object.values(areas).flatMap((mod) => Object.values(mod).map((r) => `${r.method} ${r.path}`));
    expect(all.filter((k, i) => all.indexOf(k) !== i)).toEqual([]);
  });

  test('legacy routes live apart: vcard names and /api/vcard/ paths only', () => {
    for (const r of Object.values(areas.vcard)) {
      expect(r.name.startsWith('vcard')).toBe(true);
      expect(r.path.startsWith('/api/vcard/')).toBe(true);
      expect(r.access).toBe('admin');
    }
  });

  test('literal segments win over /api/vcard/{id}', () => {
    const name = (method: string, path: string) => {
      const m = matchRoute(method, path);
      return m && m !== 'method-not-allowed' ? m.route.name : m;
    };
    expect(name('GET', '/api/vcard/company')).toBe('vcardCompanyList');
    expect(name('GET', '/api/vcard/person')).toBe('vcardPersonList');
    expect(name('GET', '/api/vcard/abc-1')).toBe('vcardCard');
    expect(name('GET', '/api/vcard/statistic/abc')).toBe('vcardStatistic');
    expect(name('GET', '/api/vcard/company/settings/abc')).toBe('vcardSettingsGet');
    expect(name('GET', '/api/vcard/person/company/abc')).toBe('vcardPersonListByCompany');
    expect(name('POST', '/api/vcard/abc')).toBe('method-not-allowed');
  });
});

test('the plain legacy defaults equal what the schema fills in (spec §3)', () => {
  expect(vcardSettingsSchema.parse({})).toEqual(legacyDefaultSettings);
});
