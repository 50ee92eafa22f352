import { beforeAll, describe, expect, test } from 'vitest';
import { GetCommand, UpdateCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer } from '../helpers/server.ts';
import { createCompany, createProfile, createTenant, createUserToken, getCompany, getProfileCardCount, uploadImage } from '../helpers/card-fixtures.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import type { TestServer } from '../helpers/server.ts';
import type { BodyOf } from '../helpers/api-client.ts';

// Setup shared by the persons API tests (persons.crud, persons.isolation), bound to the file's server.
export function personsHelpers(s: TestServer) {
  function card(profileId: string, extra: Partial<BodyOf<'personCreate'>> & Record<string, unknown> = {}): BodyOf<'personCreate'> {
    return { companyProfilId: profileId, firstname: 'Jörg', lastname: 'Müller', ...extra };
  }

  async function create(token: string, body: BodyOf<'personCreate'>) {
    const res = await s.call('personCreate', { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }
  return { card, create };
}
