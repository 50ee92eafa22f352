import { describe, expect, test } from 'vitest';
import { routeMatcher } from '../../functions/lib/route-match.ts';
import { routeList } from '../../shared/api/routes.ts';

const matchRoute = routeMatcher(routeList);

// The wallet paths share prefixes: the local router (like API Gateway) must tell them apart by
// segment count and prefer literal segments over parameters.
const name = (method: string, path: string) => {
  const m = matchRoute(method, path);
  return m && m !== 'method-not-allowed' ? { name: m.route.name, params: m.pathParameters } : m;
};
const routeName = (method: string, path: string) => {
  const m = name(method, path);
  return typeof m === 'object' && m ? m.name : m;
};

describe('wallet routes in the local router', () => {
  test('pkpass with and without a signature, create vs download', () => {
    expect(name('GET', '/api/wallet/pkpass/k1')).toEqual({ name: 'walletPkpassGet', params: { id: 'k1' } });
    expect(name('POST', '/api/wallet/pkpass/k1')).toEqual({ name: 'walletPkpassCreate', params: { id: 'k1' } });
    expect(name('GET', '/api/wallet/pkpass/k1/sig-_A')).toEqual({ name: 'walletPkpassPublic', params: { id: 'k1', signature: 'sig-_A' } });
    expect(name('POST', '/api/wallet/pkpass/k1/sig')).toBe('method-not-allowed');
    expect(name('GET', '/api/wallet/googlecard/k1/sig')).toEqual({ name: 'walletGooglecardPublic', params: { id: 'k1', signature: 'sig' } });
    expect(name('POST', '/api/wallet/googlecard/k1')).toEqual({ name: 'walletGooglecardCreate', params: { id: 'k1' } });
  });

  test('literal segments win: status, signature, card page and the PassKit web service', () => {
    expect(routeName('GET', '/api/wallet/status')).toBe('walletStatus');
    expect(name('GET', '/api/wallet/signature/u1')).toEqual({ name: 'walletSignature', params: { userId: 'u1' } });
    expect(routeName('GET', '/api/wallet/card/k1/sig')).toBe('walletCard');
    const device = '/api/wallet/passkit/v1/devices/d1/registrations/pass.de.x';
    expect(name('GET', device)).toEqual({ name: 'passkitSerials', params: { deviceId: 'd1', passTypeId: 'pass.de.x' } });
    expect(routeName('POST', `${device}/k1`)).toBe('passkitRegister');
    expect(routeName('DELETE', `${device}/k1`)).toBe('passkitUnregister');
    expect(name('GET', '/api/wallet/passkit/v1/passes/pass.de.x/k1')).toEqual({ name: 'passkitPass', params: { passTypeId: 'pass.de.x', serial: 'k1' } });
    expect(routeName('POST', '/api/wallet/passkit/v1/log')).toBe('passkitLog');
  });
});
