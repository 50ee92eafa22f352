import { describe, expect, test } from 'vitest';
import { routeMatcher } from '../../functions/lib/route-match.ts';

// The matcher tries a path only against the templates with its number of segments
// (functions/lib/route-match.ts): these are the edges of that grouping.
const routes = [
  { name: 'root', method: 'GET', path: '/api' },
  { name: 'cardGet', method: 'GET', path: '/api/card/{id}' },
  { name: 'cardVcard', method: 'GET', path: '/api/card/{id}/vcard' },
  { name: 'userGroups', method: 'GET', path: '/api/user/group' },
  { name: 'userGet', method: 'GET', path: '/api/user/{id}' },
  { name: 'userUpdate', method: 'PUT', path: '/api/user/{id}' },
];
const match = routeMatcher(routes);
const nameOf = (method: string, path: string) => {
  const m = match(method, path);
  return m && m !== 'method-not-allowed' ? { name: m.route.name, params: m.pathParameters } : m;
};

describe('local route matching', () => {
  test('each path finds the template of its own length, a literal segment before a parameter', () => {
    expect(nameOf('GET', '/api')).toEqual({ name: 'root', params: {} });
    expect(nameOf('GET', '/api/card/abc')).toEqual({ name: 'cardGet', params: { id: 'abc' } });
    expect(nameOf('GET', '/api/card/abc/vcard')).toEqual({ name: 'cardVcard', params: { id: 'abc' } });
    expect(nameOf('GET', '/api/user/group')).toEqual({ name: 'userGroups', params: {} });
    expect(nameOf('PUT', '/api/user/u1')).toEqual({ name: 'userUpdate', params: { id: 'u1' } });
  });

  test('a trailing slash is the same path; HEAD finds the GET route', () => {
    expect(nameOf('GET', '/api/card/abc/')).toEqual({ name: 'cardGet', params: { id: 'abc' } });
    expect(nameOf('HEAD', '/api/card/abc')).toEqual({ name: 'cardGet', params: { id: 'abc' } });
  });

  test('an empty segment, one segment too many or too few, and an unknown path match nothing', () => {
    expect(match('GET', '/api//card/abc')).toBeNull();
    expect(match('GET', '/api/card//abc')).toBeNull();
    expect(match('GET', '/api/card/abc/vcard/x')).toBeNull();
    expect(match('GET', '/api/card')).toBeNull();
    expect(match('GET', '/')).toBeNull();
    expect(match('GET', '/c/abc')).toBeNull();
  });

  test('a path with another method is a 405, not a 404', () => {
    expect(match('DELETE', '/api/user/u1')).toBe('method-not-allowed');
    expect(match('POST', '/api/card/abc/vcard')).toBe('method-not-allowed');
  });

  test('parameters are decoded; a malformed escape is passed on as it came', () => {
    expect(nameOf('GET', '/api/card/a%20b')).toEqual({ name: 'cardGet', params: { id: 'a b' } });
    expect(nameOf('GET', '/api/card/%E0%A4%A')).toEqual({ name: 'cardGet', params: { id: '%E0%A4%A' } });
  });
});
