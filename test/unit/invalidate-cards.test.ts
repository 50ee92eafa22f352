import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardChange } from '../../functions/domain/cards/card-change.ts';

// Which card paths one batch of changes sends: two per card up to the limit, then the one
// wildcard (cheaper than thousands of paths, and reading stops there).

let pages: { id: string }[][] = [];
let pagesRead = 0;

vi.mock('../../functions/lib/db.ts', () => ({
  tableName: () => 'tabelle',
  queryPages: async function* () {
    for (const page of pages) {
      pagesRead++;
      yield page;
    }
  },
}));

const { ALL_CARDS_PATH, MAX_CARDS_BY_PATH, cardCdnPaths, cdnPathsOf } = await import('../../functions/domain/cards/invalidate-cards.ts');

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `karte-${from + i}` }));
const change = (scope: CardChange['scope'], targetId: string, extra: Partial<CardChange> = {}): CardChange => ({
  changeId: `c-${targetId}`, at: 1, scope, targetId, companyId: 'firma', ...extra,
});

describe('the CDN paths of card changes', () => {
  beforeEach(() => {
    pagesRead = 0;
  });

  it('names both paths of every card of a profile up to the limit', async () => {
    pages = [ids(60), ids(MAX_CARDS_BY_PATH - 60, 60)];
    const paths = await cdnPathsOf([change('profile', 'p1')]);
    expect(paths).toHaveLength(2 * MAX_CARDS_BY_PATH);
    expect(paths.slice(0, 2)).toEqual(cardCdnPaths('karte-0'));
  });

  it('sends the wildcard once past the limit and stops reading', async () => {
    pages = [ids(MAX_CARDS_BY_PATH), ids(1, MAX_CARDS_BY_PATH), ids(500, 1000)];
    expect(await cdnPathsOf([change('company', 'c1')])).toEqual([ALL_CARDS_PATH]);
    expect(pagesRead).toBe(2);
  });

  it('a company being deleted drops all cards without reading them (their ids may be gone)', async () => {
    pages = [ids(3)];
    expect(await cdnPathsOf([change('company', 'c1', { companyDeleted: true })])).toEqual([ALL_CARDS_PATH]);
    expect(pagesRead).toBe(0);
  });

  it('one card: its two paths, once however often it changed in the batch', async () => {
    expect(await cdnPathsOf([change('card', 'k1'), { ...change('card', 'k1'), changeId: 'other' }])).toEqual(cardCdnPaths('k1'));
  });

  it('sends nothing for a profile without cards', async () => {
    pages = [[]];
    expect(await cdnPathsOf([change('profile', 'leer')])).toEqual([]);
  });

  it('encodes ids in paths', () => {
    expect(cardCdnPaths('a b')).toEqual(['/api/card/a%20b', '/api/card/a%20b/vcard']);
  });
});
