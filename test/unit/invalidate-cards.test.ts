import { beforeEach, describe, expect, it, vi } from 'vitest';

// How many card paths one profile or company change sends: two per card up to the limit, then
// the one wildcard (cheaper than thousands of paths, and reading stops there).

const calls: string[][] = [];
let pages: { id: string }[][] = [];
let pagesRead = 0;

vi.mock('../../functions/lib/cdn/invalidate.ts', () => ({
  invalidate: async (paths: string[]) => { calls.push(paths); },
}));
vi.mock('../../functions/lib/db.ts', () => ({
  tableName: () => 'tabelle',
  queryPages: async function* () {
    for (const page of pages) {
      pagesRead++;
      yield page;
    }
  },
}));

const { ALL_CARDS_PATHS, MAX_CARDS_BY_PATH, cardCdnPaths, invalidateCompanyCards, invalidateProfileCards } = await import('../../functions/domain/cards/invalidate-cards.ts');

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `karte-${from + i}` }));

describe('invalidating the cards of a profile or company', () => {
  beforeEach(() => {
    calls.length = 0;
    pagesRead = 0;
  });

  it('names the three paths of every card up to the limit, in one call', async () => {
    pages = [ids(60), ids(MAX_CARDS_BY_PATH - 60, 60)];
    await invalidateProfileCards('p1');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(3 * MAX_CARDS_BY_PATH);
    expect(calls[0]!.slice(0, 3)).toEqual(cardCdnPaths('karte-0'));
  });

  it('sends the wildcard once past the limit and stops reading', async () => {
    pages = [ids(MAX_CARDS_BY_PATH), ids(1, MAX_CARDS_BY_PATH), ids(500, 1000)];
    await invalidateCompanyCards('c1');
    expect(calls).toEqual([[...ALL_CARDS_PATHS]]);
    expect(ALL_CARDS_PATHS).toEqual(['/api/card/*', '/c/*']);
    expect(pagesRead).toBe(2);
  });

  it('sends nothing for a profile without cards', async () => {
    pages = [[]];
    await invalidateProfileCards('leer');
    expect(calls).toEqual([]);
  });

  it('encodes ids in paths', () => {
    expect(cardCdnPaths('a b')).toEqual(['/api/card/a%20b', '/api/card/a%20b/vcard', '/c/a%20b']);
  });
});
