import { describe, expect, it } from 'vitest';
import { countOf, isCountedPath } from '../../functions/domain/statistics/counted-requests.ts';

// Pass downloads and Google save links count as saves of the card (statistics from the CDN log).
describe('wallet saves in the statistics', () => {
  it('counts a delivered pass and a Google redirect, not refused or signed-in requests', () => {
    const sig = 'Ab-_0123456789abcdefghijklmnopqrstuvwxyzABC';
    expect(countOf('GET', `/api/wallet/pkpass/k1/${sig}`, 200)).toEqual({ kind: 'pkpass', cardId: 'k1' });
    expect(countOf('GET', `/api/wallet/googlecard/k1/${sig}`, 302)).toEqual({ kind: 'googlecard', cardId: 'k1' });
    expect(countOf('GET', `/api/wallet/pkpass/k1/${sig}`, 403)).toBeUndefined();
    expect(countOf('GET', `/api/wallet/pkpass/k1/${sig}`, 503)).toBeUndefined();
    expect(countOf('GET', `/api/wallet/googlecard/k1/${sig}`, 200)).toBeUndefined();
    expect(countOf('GET', '/api/wallet/pkpass/k1', 200)).toBeUndefined();
    expect(countOf('POST', '/api/wallet/googlecard/k1', 200)).toBeUndefined();
    expect(countOf('GET', '/api/card/k1/vcard', 200)).toEqual({ kind: 'vcard', cardId: 'k1' });
    expect(isCountedPath(`/api/wallet/pkpass/k1/${sig}`)).toBe(true);
  });
});
