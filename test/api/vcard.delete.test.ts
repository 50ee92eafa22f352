import { beforeAll, describe, expect, test } from 'vitest';
import { GetCommand, QueryCommand, UpdateCommand, DeleteCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import { createTenant, createUserToken } from '../helpers/card-fixtures.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { VCARD_DELETE_PAGE_SIZE } from '../../functions/domain/legacy/delete-company.ts';
import { clearRecordedInvalidations, recordedInvalidations } from '../../functions/lib/cdn/invalidate.ts';
import { vcardCompanyBody, vcardPersonBody } from './route-fixtures-vcard.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { makePng, multipart } from '../helpers/images.ts';
import { allVariantFilenames } from '../../shared/images.ts';
import { vcardHelpers } from './vcard-helpers.ts';

const s = useTestServer();
const { newCompany, newPerson } = vcardHelpers(s);
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

describe('legacy company delete', () => {
  test('removes its persons, settings and counters page by page; an interrupted run is finished by the next call', async () => {
    const co = await newCompany();
    const n = VCARD_DELETE_PAGE_SIZE + 5;
    const ids: string[] = [];
    for (let i = 0; i < n; i += 15) {
      ids.push(...(await Promise.all(Array.from({ length: Math.min(15, n - i) }, () => newPerson(co.id)))).map((p) => p.id));
    }
    await s.call('cardGet', { params: { id: ids[0]! } });
    await s.flushViews();
    expect((await s.call('vcardCompanyGet', { params: { id: co.id }, token: admin })).body.personCount).toBe(n);

    // A run that marked the company and removed one person, then stopped.
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.vcardCompany(co.id), UpdateExpression: 'SET deleting = :t', ExpressionAttributeValues: { ':t': true } }));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.vcardPerson(ids[1]!) }));
    // While marked, nothing new can be written for it, and it is gone from reads.
    expect((await s.call('vcardPersonCreate', { token: admin, body: vcardPersonBody(co.id, 'spät') })).status).toBe(404);
    expect((await s.call('vcardCompanyGet', { params: { id: co.id }, token: admin })).status).toBe(404);

    expect((await s.call('vcardCompanyDelete', { params: { id: co.id }, token: admin })).status).toBe(200);
    const owned = await db().send(new QueryCommand({
      TableName: tableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ownedPartition(co.id).gsi2pk },
    }));
    expect(owned.Items).toEqual([]);
    for (const id of [ids[0]!, ids[50]!, ids.at(-1)!]) expect((await s.call('vcardPersonGet', { params: { id }, token: admin })).status).toBe(404);
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: keys.vcardSettings(co.id) }))).Item).toBeUndefined();
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: keys.cardStatRollup(co.id, ids[0]!) }))).Item).toBeUndefined();
    const all = (await s.call('vcardPersonList', { token: admin })).body as { id: string }[];
    expect(all.some((p) => ids.includes(p.id))).toBe(false);
    expect((await s.call('vcardCompanyDelete', { params: { id: co.id }, token: admin })).status).toBe(404);
  });

  test('a V2 company delete does not touch legacy items and vice versa', async () => {
    const co = await newCompany();
    const p = await newPerson(co.id);
    const u = await createUserToken(s);
    expect((await s.call('companyDelete', { params: { id: co.id }, token: admin })).status).toBe(404);
    expect((await s.call('vcardPersonGet', { params: { id: p.id }, token: admin })).status).toBe(200);
    expect((await s.call('personGet', { params: { id: p.id }, token: admin })).status).toBe(404);
    expect(u.id).toBeTruthy();
  });
});

async function uploadTo(ownerId: string, token: string) {
  const res = await s.call('uploadCreate', { params: { id: ownerId }, token, multipart: [{ name: 'image', filename: 'logo.png', contentType: 'image/png', data: makePng(20, 15) }] });
  return { status: res.status, body: res.body };
}

describe('legacy images', () => {
  test('an admin uploads to a legacy company; company users and anonymous callers are refused', async () => {
    const co = await newCompany();
    const res = await uploadTo(co.id, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const filename = res.body!.filename!;
    const owned = await db().send(new QueryCommand({
      TableName: tableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ownedPartition(co.id).gsi2pk },
    }));
    expect(owned.Items?.some((i) => i.filename === filename && i.companyId === co.id)).toBe(true);
    expect((await s.call('uploadGet', { params: { field: 'logo', filename } })).status).toBe(200);

    // A company user gets what it gets for any company that is not its own: 404, nothing stored.
    const t = await createTenant(s);
    const refused = await uploadTo(co.id, t.user.token);
    expect(refused.status).toBe(404);
    const foreignV2 = await createTenant(s);
    expect(refused.body).toEqual((await uploadTo(foreignV2.company.id, t.user.token)).body);
    expect((await uploadTo(co.id, '')).status).toBe(401);
    const after = await db().send(new QueryCommand({
      TableName: tableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ownedPartition(co.id).gsi2pk },
    }));
    expect(after.Items?.filter((i) => i.type === 'upload').length).toBe(1);
    // Neither a missing id nor a legacy company being deleted takes uploads.
    expect((await uploadTo('00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
    const gone = await newCompany();
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.vcardCompany(gone.id), UpdateExpression: 'SET deleting = :t', ExpressionAttributeValues: { ':t': true } }));
    expect((await uploadTo(gone.id, admin)).status).toBe(404);
  });

  test('company and person take only uploads of their legacy company; the card shows them', async () => {
    const co = await newCompany();
    const other = await newCompany();
    const own = (await uploadTo(co.id, admin)).body!.filename!;
    const own2 = (await uploadTo(co.id, admin)).body!.filename!;
    const foreign = (await uploadTo(other.id, admin)).body!.filename!;
    const t = await createTenant(s);
    const v2 = (await uploadTo(t.company.id, t.user.token)).body!.filename!;
    const notOwned = 'Bild nicht gefunden. Bitte laden Sie es erneut hoch.';

    // A new company owns nothing yet: a logo is chosen after creating it.
    const created = await s.call('vcardCompanyCreate', { token: admin, body: vcardCompanyBody('n', { logo: own }) });
    expect(created.status).toBe(400);
    expect(created.body.fieldErrors).toEqual({ logo: notOwned });

    for (const name of [foreign, v2, 'erfunden.png']) {
      const res = await s.call('vcardCompanyUpdate', { params: { id: co.id }, token: admin, body: vcardCompanyBody('x', { org: co.org, logo: own, walletLogo: name }) });
      expect(res.status, name).toBe(400);
      expect(res.body.fieldErrors).toEqual({ walletLogo: notOwned });
    }
    expect((await s.call('vcardCompanyGet', { params: { id: co.id }, token: admin })).body.version).toBe(co.version);
    const ok = await s.call('vcardCompanyUpdate', { params: { id: co.id }, token: admin, body: vcardCompanyBody('x', { org: co.org, logo: own, walletLogo: own2 }) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ logo: own, walletLogo: own2 });

    const bad = await s.call('vcardPersonCreate', { token: admin, body: vcardPersonBody(co.id, 'b', { image: foreign }) });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({ image: notOwned });
    const p = await newPerson(co.id, { firstname: 'Bea', lastname: 'Bild', image: own, imageWallet: own2 });
    const swapped = await s.call('vcardPersonUpdate', { params: { id: p.id }, token: admin, body: { firstname: 'Bea', lastname: 'Bild', image: own, imageWallet: v2 } });
    expect(swapped.status).toBe(400);
    expect(swapped.body.fieldErrors).toEqual({ imageWallet: notOwned });
    // A file the person already shows stays valid; the version did not move on the refusal.
    const kept = await s.call('vcardPersonUpdate', { params: { id: p.id }, token: admin, body: { firstname: 'Bea', lastname: 'Neu', image: own, imageWallet: own2, version: p.version } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);

    const card = await s.call('cardGet', { params: { id: p.id } });
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ person: { image: own, imageWallet: own2 }, profile: { logo: own } });
  });

  test('the legacy company delete removes its uploads with every variant and off the CDN', async () => {
    const co = await newCompany();
    const filename = (await uploadTo(co.id, admin)).body!.filename!;
    const file = join(s.uploadsDir, 'images', filename);
    const variants = allVariantFilenames(filename).map((name) => join(s.uploadsDir, 'images', name));
    expect(existsSync(file)).toBe(true);
    expect(variants.every((v) => existsSync(v))).toBe(true);
    await newPerson(co.id, { image: filename });

    clearRecordedInvalidations();
    expect((await s.call('vcardCompanyDelete', { params: { id: co.id }, token: admin })).status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(variants.filter((v) => existsSync(v))).toEqual([]);
    expect((await s.call('uploadGet', { params: { field: 'image', filename } })).status).toBe(404);
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: keys.upload(filename) }))).Item).toBeUndefined();
    const stem = filename.slice(0, filename.indexOf('.') + 1);
    expect(recordedInvalidations().flat()).toEqual(expect.arrayContaining([`/api/upload/logo/${stem}*`, `/api/upload/image/${stem}*`]));
  });
});
