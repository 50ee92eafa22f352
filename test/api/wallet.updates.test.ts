import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { GetCommand, UpdateCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer } from '../helpers/server.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { createTenant, uploadImage } from '../helpers/card-fixtures.ts';
import { makeServiceAccount, makeTestChain, PASS_TYPE_ID, startFakeApns, startFakeGoogle, TEAM_ID } from '../helpers/wallet-fakes.ts';
import type { FakeApns, FakeGoogle, TestChain } from '../helpers/wallet-fakes.ts';
import { ISSUER_ID, LINK_SECRET, apns, chain, google, sa, useWalletServer, walletHelpers } from './wallet-setup.ts';

const s = useWalletServer();
const { sign, newCard, publicPass, ownPass, verifyPass } = walletHelpers(s);

describe('passes stay current', () => {
  async function register(c: Awaited<ReturnType<typeof newCard>>, deviceId: string, pushToken: string) {
    const pass = verifyPass((await publicPass(c.person.id, sign(c.person.id))).bytes).pass;
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
    const res = await s.call('passkitRegister', { params: { deviceId, passTypeId: PASS_TYPE_ID, serial: c.person.id }, headers: auth, body: { pushToken } });
    return { res, auth };
  }

  it('registers a device, lists updated serials, pushes on an edit and serves the new pass', async () => {
    const c = await newCard();
    const deviceId = `device${randomBytes(6).toString('hex')}`;
    const pushToken = randomBytes(32).toString('hex');
    const wrong = await s.call('passkitRegister', {
      params: { deviceId, passTypeId: PASS_TYPE_ID, serial: c.person.id }, headers: { authorization: 'ApplePass falsches-token-1234567890' }, body: { pushToken },
    });
    expect(wrong.status).toBe(401);
    const { res, auth } = await register(c, deviceId, pushToken);
    expect(res.status).toBe(201);
    expect((await register(c, deviceId, pushToken)).res.status).toBe(200);

    const all = await s.call('passkitSerials', { params: { deviceId, passTypeId: PASS_TYPE_ID } });
    expect(all.status).toBe(200);
    expect(all.body.serialNumbers).toEqual([c.person.id]);
    const tag = all.body.lastUpdated as string;
    expect((await s.call('passkitSerials', { params: { deviceId, passTypeId: PASS_TYPE_ID }, query: { passesUpdatedSince: tag } })).status).toBe(204);

    const latest = (headers: Record<string, string>) => s.call('passkitPass', { params: { passTypeId: PASS_TYPE_ID, serial: c.person.id }, headers });
    const first = await latest(auth);
    expect(first.status).toBe(200);
    const lastModified = first.headers.get('last-modified')!;
    expect((await latest({ ...auth, 'if-modified-since': lastModified })).status).toBe(304);
    expect((await latest({ authorization: 'ApplePass nope-nope-nope-nope' })).status).toBe(401);

    // Apple's timestamps have whole seconds: the edit must land in a later second than the tag.
    await new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));
    const before = apns.pushes.length;
    const edit = await s.call('personUpdate', { params: { id: c.person.id }, token: c.user.token, body: { ...c.body, position: 'Vertriebsleitung', version: c.person.version } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    // The request sends nothing itself: the card-changed job pushes.
    expect(apns.pushes.length).toBe(before);
    await s.cardChanges.drain();
    const pushes = apns.pushes.slice(before);
    expect(pushes).toEqual([{ path: `/3/device/${pushToken}`, topic: PASS_TYPE_ID, body: '{}', clientSubject: `Pass Type ID: ${PASS_TYPE_ID}` }]);

    const changed = await s.call('passkitSerials', { params: { deviceId, passTypeId: PASS_TYPE_ID }, query: { passesUpdatedSince: tag } });
    expect(changed.status).toBe(200);
    expect(changed.body.serialNumbers).toEqual([c.person.id]);
    expect(Number(changed.body.lastUpdated)).toBeGreaterThan(Number(tag));
    const updated = await latest({ ...auth, 'if-modified-since': lastModified });
    expect(updated.status).toBe(200);
    const p = verifyPass(updated.bytes);
    expect(p.verified).toBe(true);
    expect(p.pass.generic.secondaryFields[0].value).toBe('Vertriebsleitung');
    expect(p.pass.voided).toBeUndefined();

    expect((await s.call('passkitLog', { body: { logs: ['Wallet: test log line'] } })).status).toBe(200);
    expect((await s.call('passkitUnregister', { params: { deviceId, passTypeId: PASS_TYPE_ID, serial: c.person.id }, headers: auth })).status).toBe(200);
    expect((await s.call('passkitSerials', { params: { deviceId, passTypeId: PASS_TYPE_ID } })).status).toBe(204);
  });

  it('voids the Apple pass and expires the Google object when a card is deactivated, and after it is deleted', async () => {
    const c = await newCard();
    const deviceId = `device${randomBytes(6).toString('hex')}`;
    const pushToken = randomBytes(32).toString('hex');
    const { auth } = await register(c, deviceId, pushToken);
    expect((await s.call('walletGooglecardCreate', { params: { id: c.person.id }, token: c.user.token })).status).toBe(200);
    const objectId = `${ISSUER_ID}.${c.person.id}`;

    const before = apns.pushes.length;
    const off = await s.call('personUpdate', { params: { id: c.person.id }, token: c.user.token, body: { ...c.body, isActive: false, version: c.person.version } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await s.cardChanges.drain();
    expect(apns.pushes.slice(before).map((x) => x.path)).toEqual([`/3/device/${pushToken}`]);
    expect(google.objects.get(objectId).state).toBe('EXPIRED');
    const latest = () => s.call('passkitPass', { params: { passTypeId: PASS_TYPE_ID, serial: c.person.id }, headers: auth });
    const voided = verifyPass((await latest()).bytes);
    expect(voided.verified).toBe(true);
    expect(voided.pass.voided).toBe(true);

    const del = await s.call('personDelete', { params: { id: c.person.id }, token: c.user.token });
    expect(del.status).toBe(200);
    await s.cardChanges.drain();
    expect(apns.pushes.length).toBe(before + 2);
    const afterDelete = await latest();
    expect(afterDelete.status).toBe(200);
    const gone = verifyPass(afterDelete.bytes);
    expect(gone.pass.voided).toBe(true);
    expect(gone.pass.generic.primaryFields[0].value).toBe('Jürgen Groß');
    expect(google.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(encodeURIComponent(objectId))).at(-1)?.body).toEqual({ state: 'EXPIRED' });
  });

  it('a deleted card\'s snapshot expires: 30 days of voided pass, then its details are gone (issue 19)', async () => {
    const c = await newCard();
    const deviceId = `device${randomBytes(6).toString('hex')}`;
    const { auth } = await register(c, deviceId, randomBytes(32).toString('hex'));
    expect((await s.call('personDelete', { params: { id: c.person.id }, token: c.user.token })).status).toBe(200);
    await s.cardChanges.drain();
    const reg = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.passRegistration(c.person.id, deviceId) }))).Item!;
    expect(reg.voidedCard).toBeDefined();
    // The table's TTL removes it (DynamoDB TTL: expiresAt in seconds).
    const days = (reg.expiresAt - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    // TTL deletes lazily (often a day late): an expired snapshot is never served.
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.passRegistration(c.person.id, deviceId), UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }));
    const res = await s.call('passkitPass', { params: { passTypeId: PASS_TYPE_ID, serial: c.person.id }, headers: auth });
    expect(res.status).toBe(404);
    expect(res.bytes.toString('latin1')).not.toContain('Groß');
  });

  it('a device APNs reports gone (410) is unregistered', async () => {
    const c = await newCard();
    const deviceId = `device${randomBytes(6).toString('hex')}`;
    const pushToken = randomBytes(32).toString('hex');
    await register(c, deviceId, pushToken);
    apns.statusFor.set(pushToken, 410);
    const edit = await s.call('personUpdate', { params: { id: c.person.id }, token: c.user.token, body: { ...c.body, position: 'Neu', version: c.person.version } });
    expect(edit.status).toBe(200);
    await s.cardChanges.drain();
    expect(apns.pushes.some((p) => p.path === `/3/device/${pushToken}`)).toBe(true);
    expect((await s.call('passkitSerials', { params: { deviceId, passTypeId: PASS_TYPE_ID } })).status).toBe(204);
  });

  it('a profile change reaches the passes of its cards', async () => {
    const c = await newCard();
    const pushToken = randomBytes(32).toString('hex');
    await register(c, `device${randomBytes(6).toString('hex')}`, pushToken);
    const before = apns.pushes.length;
    const profile = (await s.call('profileGet', { params: { id: c.profile.id }, token: c.user.token })).body;
    const upd = await s.call('profileUpdate', { params: { id: c.profile.id }, token: c.user.token,
      body: { ...profile, id: undefined, cardCount: undefined, companyId: undefined, createdAt: undefined, updatedAt: undefined, firmenname: 'Neuer Name GmbH' } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    await s.cardChanges.drain();
    expect(apns.pushes.slice(before).map((x) => x.path)).toEqual([`/3/device/${pushToken}`]);
  });
});
