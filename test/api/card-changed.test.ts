import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GetCommand, ScanCommand, UpdateCommand } from '../../functions/lib/dynamo.ts';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { passAuthToken } from '../../functions/lib/wallet/link-signature.ts';
import { handleBatch } from '../../functions/jobs/card-changed.ts';
import { CARD_CHANGED_SOURCE } from '../../functions/jobs/card-changed-source.ts';
import { DEVICES_PER_PASS, PASSES_PER_DEVICE } from '../../functions/domain/wallet/pass-registrations.ts';
import { PASS_TYPE_ID } from '../helpers/wallet-fakes.ts';
import { apns, useWalletServer, walletHelpers } from './wallet-setup.ts';

// The card-changed job against the fake APNs, fed from DynamoDB Local's stream exactly as
// `npm start` feeds it: one push per device per change, nothing twice, failures retried and then
// dead-lettered, dead tokens dropped, registrations capped.

const RETRY = { attempts: 2, baseMs: 1, capMs: 5 };
const s = useWalletServer({ feed: { retry: RETRY, redeliveryBaseMs: 1 } });
const { newCard } = walletHelpers(s);

const ws = (path: string) => `/api/wallet/passkit/v1${path}`;
const token = () => randomBytes(32).toString('hex');
const device = () => `device${randomBytes(6).toString('hex')}`;

async function register(serial: string, deviceId: string, pushToken: string): Promise<number> {
  const res = await s.api('POST', ws(`/devices/${deviceId}/registrations/${PASS_TYPE_ID}/${serial}`), {
    headers: { authorization: `ApplePass ${await passAuthToken(serial)}` }, body: { pushToken },
  });
  return res.status;
}

const pushesTo = (pushToken: string, from = 0) => apns.pushes.slice(from).filter((p) => p.path === `/3/device/${pushToken}`).length;

async function edit(c: Awaited<ReturnType<typeof newCard>>, changes: Record<string, unknown>) {
  const current = (await s.api('GET', `/api/card/company/person/${c.person.id}`, { token: c.user.token })).body;
  const res = await s.api('PATCH', `/api/card/company/person/${c.person.id}`, { token: c.user.token, body: { ...c.body, ...changes, version: current.version } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The change items of one card after its creation, as the stream delivered them (for a redelivery by hand). */
async function changeRecordsOf(personId: string): Promise<DynamoDBStreamEvent> {
  const out = await db().send(new ScanCommand({
    TableName: tableName(), FilterExpression: '#t = :t AND targetId = :id AND attribute_not_exists(created)', ExpressionAttributeNames: { '#t': 'type' }, ExpressionAttributeValues: { ':t': 'cardChange', ':id': personId },
  }));
  return {
    Records: (out.Items ?? []).map((item) => ({
      eventName: 'INSERT' as const,
      dynamodb: { NewImage: marshall(item, { removeUndefinedValues: true }) as never },
    })),
  };
}

describe('the card-changed job', () => {
  it('one push per registered device, none from the request, and a redelivered batch sends no second push', async () => {
    const c = await newCard();
    const tokens = [token(), token(), token()];
    for (const t of tokens) expect(await register(c.person.id, device(), t)).toBe(201);
    const before = apns.pushes.length;
    await edit(c, { position: 'Einkauf' });
    expect(apns.pushes.length).toBe(before);
    await s.cardChanges.drain();
    for (const t of tokens) expect(pushesTo(t, before)).toBe(1);
    expect(apns.pushes.length - before).toBe(tokens.length);

    const batch = await changeRecordsOf(c.person.id);
    expect(batch.Records).toHaveLength(1);
    const again = await handleBatch(batch, { retry: RETRY });
    expect(again).toMatchObject({ handled: 0, skipped: 1, pushes: 0 });
    // Even with the change's done mark lost (the job stopped right before writing it), every device
    // was already pushed for this change: nothing is sent twice.
    const changeKey = { pk: batch.Records[0]!.dynamodb!.NewImage!.pk!.S!, sk: 'CHANGE' };
    await db().send(new UpdateCommand({ TableName: tableName(), Key: changeKey, UpdateExpression: 'REMOVE doneAt' }));
    const redone = await handleBatch(batch, { retry: RETRY });
    expect(redone).toMatchObject({ handled: 1, pushes: 0 });
    expect(apns.pushes.length - before).toBe(tokens.length);
  });

  it('a device holding several passes of a changed profile is pushed once', async () => {
    const c = await newCard();
    const second = await s.api('POST', '/api/card/company/person', { token: c.user.token, body: { ...c.body, firstname: 'Zweite' } });
    expect(second.status).toBe(200);
    const shared = { id: device(), token: token() };
    const own = { id: device(), token: token() };
    expect(await register(c.person.id, shared.id, shared.token)).toBe(201);
    expect(await register(second.body.id, shared.id, shared.token)).toBe(201);
    expect(await register(second.body.id, own.id, own.token)).toBe(201);
    const before = apns.pushes.length;
    const profile = (await s.api('GET', `/api/card/company/profil/${c.profile.id}`, { token: c.user.token })).body;
    const upd = await s.api('PATCH', `/api/card/company/profil/${c.profile.id}`, {
      token: c.user.token,
      body: { ...profile, id: undefined, cardCount: undefined, companyId: undefined, createdAt: undefined, updatedAt: undefined, claim: 'Neu' },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    await s.cardChanges.drain();
    expect(pushesTo(shared.token, before)).toBe(1);
    expect(pushesTo(own.token, before)).toBe(1);
    expect(apns.pushes.length - before).toBe(2);
    // Both passes of the shared device are listed as updated.
    const list = await s.api('GET', ws(`/devices/${shared.id}/registrations/${PASS_TYPE_ID}`));
    expect([...list.body.serialNumbers].sort()).toEqual([c.person.id, second.body.id].sort());
  });

  it('a failing push is retried, then the batch is dead-lettered with the alarm; the change stays open and goes out once APNs is back', async () => {
    const c = await newCard();
    const t = token();
    expect(await register(c.person.id, device(), t)).toBe(201);
    const letters = s.cardChanges.deadLetters.length;
    const before = apns.pushes.length;
    apns.failAll = 503;
    try {
      await edit(c, { position: 'Technik' });
      await s.cardChanges.drain();
    } finally {
      apns.failAll = undefined;
    }
    // Every delivery (the first and the source's retries) tried the push RETRY.attempts times.
    expect(pushesTo(t, before)).toBe((1 + CARD_CHANGED_SOURCE.retryAttempts) * RETRY.attempts);
    expect(s.cardChanges.deadLetters.length).toBe(letters + 1);
    const letter = s.cardChanges.deadLetters.at(-1)!;
    expect(letter.error).toContain('apns');
    const [changeId] = letter.changeIds;
    const item = await db().send(new GetCommand({ TableName: tableName(), Key: keys.cardChange(changeId!), ConsistentRead: true }));
    expect(item.Item?.doneAt).toBeUndefined();

    // Replayed from the dead letters (docs/deploy.md): the push goes out once.
    const replay = await handleBatch(await changeRecordsOf(c.person.id), { retry: RETRY });
    expect(replay).toMatchObject({ handled: 1, pushes: 1 });
    expect(pushesTo(t, before)).toBe((1 + CARD_CHANGED_SOURCE.retryAttempts) * RETRY.attempts + 1);
  });

  it('tokens APNs refuses for good (400 BadDeviceToken, 410) are removed with their registrations; others stay', async () => {
    const c = await newCard();
    const bad = { id: device(), token: token() };
    const gone = { id: device(), token: token() };
    const good = { id: device(), token: token() };
    for (const d of [bad, gone, good]) expect(await register(c.person.id, d.id, d.token)).toBe(201);
    apns.statusFor.set(bad.token, { status: 400, reason: 'BadDeviceToken' });
    apns.statusFor.set(gone.token, 410);
    await edit(c, { position: 'Lager' });
    await s.cardChanges.drain();
    const listed = async (id: string) => (await s.api('GET', ws(`/devices/${id}/registrations/${PASS_TYPE_ID}`))).status;
    expect(await listed(bad.id)).toBe(204);
    expect(await listed(gone.id)).toBe(204);
    expect(await listed(good.id)).toBe(200);
    // The next change pushes only the device that is left.
    const before = apns.pushes.length;
    await edit(c, { position: 'Lager 2' });
    await s.cardChanges.drain();
    expect(apns.pushes.slice(before).map((p) => p.path)).toEqual([`/3/device/${good.token}`]);
  });

  it(`a pass keeps at most ${DEVICES_PER_PASS} devices: a new one evicts the oldest, and a change pushes at most that many`, async () => {
    const c = await newCard();
    const devices = Array.from({ length: DEVICES_PER_PASS + 3 }, () => ({ id: device(), token: token() }));
    for (const d of devices) expect(await register(c.person.id, d.id, d.token)).toBe(201);
    const listed = async (id: string) => (await s.api('GET', ws(`/devices/${id}/registrations/${PASS_TYPE_ID}`))).status;
    for (const d of devices.slice(0, 3)) expect(await listed(d.id)).toBe(204);
    for (const d of devices.slice(3)) expect(await listed(d.id)).toBe(200);
    const before = apns.pushes.length;
    await edit(c, { position: 'Begrenzt' });
    await s.cardChanges.drain();
    expect(apns.pushes.length - before).toBe(DEVICES_PER_PASS);
    for (const d of devices.slice(3)) expect(pushesTo(d.token, before)).toBe(1);
  });

  it(`a device keeps at most ${PASSES_PER_DEVICE} passes: registering one more drops its oldest`, async () => {
    const c = await newCard();
    const ids = [c.person.id];
    for (let i = 0; i < PASSES_PER_DEVICE; i++) {
      const res = await s.api('POST', '/api/card/company/person', { token: c.user.token, body: { ...c.body, firstname: `Karte${i}` } });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    const d = { id: device(), token: token() };
    for (const id of ids) expect(await register(id, d.id, d.token)).toBe(201);
    const list = await s.api('GET', ws(`/devices/${d.id}/registrations/${PASS_TYPE_ID}`));
    expect(list.body.serialNumbers).toHaveLength(PASSES_PER_DEVICE);
    expect(list.body.serialNumbers).not.toContain(ids[0]);
    expect(list.body.serialNumbers).toContain(ids.at(-1));
  });
});
