import { beforeAll, describe, expect, test } from 'vitest';
import { QueryCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer } from '../helpers/server.ts';
import { addCredits, createCompany, createProfile, createTenant, createUserToken } from '../helpers/card-fixtures.ts';
import { db, queryAll, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { getCompanyItem } from '../../functions/domain/companies/company-item.ts';
import { bookMonthlyCredits, bookMonthlyForCompany } from '../../functions/domain/credits/book-monthly-credits.ts';
import { berlinMonth } from '../../functions/domain/credits/credit-entry.ts';
import type { TestServer } from '../helpers/server.ts';

// Setup shared by the credits API tests (credits.balance, credits.load), bound to the file's server.
export function creditsHelpers(s: TestServer) {
  let admin = '';
  beforeAll(async () => { admin = await s.adminToken(); });

  function card(profileId: string, extra: Record<string, unknown> = {}) {
    return { companyProfilId: profileId, firstname: 'Karla', lastname: 'Kredit', ...extra };
  }

  async function balance(companyId: string, token = admin) {
    const res = await s.call('creditGet', { params: { id: companyId }, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { credits: number; cardCountActive: number; cardCountTotal: number; inactiveCards: number; remainingMonths: number; activationCost: number };
  }

  /** Every entry of a company's history, following the pages. */
  async function history(companyId: string, token = admin, limit = 200) {
    const all: { id: string; credits: number; cardId?: string; kind: string; createdAt: string; createdBy: string; createdByName?: string; infotext?: string }[] = [];
    let cursor: string | undefined;
    do {
      const res = await s.call('creditHistoryList', { params: { id: companyId }, query: { limit: String(limit), ...(cursor ? { cursor } : {}) }, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      all.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    return all;
  }

  async function expectInvariant(companyId: string) {
    const [b, h] = await Promise.all([balance(companyId), history(companyId)]);
    expect(b.credits).toBe(h.reduce((sum, e) => sum + e.credits, 0));
    expect(b.credits).toBeGreaterThanOrEqual(0);
    return { balance: b, history: h };
  }

  async function tenant(credits: number) {
    return createTenant(s, undefined, { credits });
  }

  async function activeCardsOf(profileId: string, token: string) {
    const res = await s.call('personListByProfile', { params: { profileId }, token });
    return (res.body.items as { isActive: boolean }[]).filter((p) => p.isActive).length;
  }
  return { card, balance, history, expectInvariant, tenant, activeCardsOf };
}
