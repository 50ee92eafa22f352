import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { createTenant } from '../helpers/card-fixtures.ts';

const s = useTestServer();

type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function createCard(t: Tenant, extra: Record<string, unknown> = {}) {
  const res = await s.api('POST', '/api/card/company/person', {
    token: t.user.token,
    body: {
      companyProfilId: t.profile.id,
      adresseId: t.profile.adressen[0]!.adresseId,
      firstname: 'Jürgen',
      lastname: 'Weiß',
      position: 'Geschäftsführer',
      tel: [{ type: 'work', value: '+49 30 1234567' }, { type: 'cell', value: '0171 2345678' }],
      email: [{ type: 'work1', value: 'juergen@beispiel.de' }],
      social: [{ type: 'xing', link: 'https://www.xing.com/profile/jw' }],
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; version: number };
}

describe('GET /api/card/{id}', () => {
  let t: Tenant;
  beforeAll(async () => {
    t = await createTenant(s);
  });

  it('answers the public card without a token', async () => {
    const card = await createCard(t);
    const res = await s.api('GET', `/api/card/${card.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.person.firstname).toBe('Jürgen');
    expect(res.body.org).toBe(t.company.org);
  });
});
