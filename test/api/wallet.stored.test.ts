import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PutCommand } from '../../functions/lib/dynamo.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { PASS_TYPE_ID } from '../helpers/wallet-fakes.ts';
import { STORED_PASSES_PREFIX } from '../../shared/api/needs.ts';
import { reprocessUploads } from '../../functions/domain/uploads/reprocess-uploads.ts';
import { useWalletServer, walletHelpers } from './wallet-setup.ts';

// Stored passes (functions/domain/wallet/stored-pass.ts): the card-changed job builds and stores
// each changed card's pass; the routes serve the stored bytes while they are current. The job runs
// only when a test drains it (no polling), so a test can look at the state between edit and job.
const s = useWalletServer({ feed: { pollMs: 3_600_000 } });
const { sign, newCard, publicPass, ownPass, verifyPass } = walletHelpers(s);

const storedFile = (id: string) => join(s.uploadsDir, `${STORED_PASSES_PREFIX}${id}.pkpass`);
/** The stored pass's bytes and when they were written (a route that built would write it again). */
function stored(id: string): { bytes: Buffer; written: bigint; key: string } | undefined {
  const file = storedFile(id);
  if (!existsSync(file)) return undefined;
  return { bytes: readFileSync(file), written: statSync(file, { bigint: true }).mtimeNs, key: (JSON.parse(readFileSync(`${file}.meta`, 'utf8')) as Record<string, string>)['content-key']! };
}

describe('stored Apple passes', { timeout: 60_000 }, () => {
  it('the job stores a new card\'s pass; every pass route serves those bytes without building; an edit is stored by the job and served', async () => {
    const c = await newCard();
    await s.cardChanges.drain();
    const first = stored(c.person.id);
    expect(first, 'stored by the card-changed job').toBeDefined();
    expect(first!.key).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyPass(first!.bytes).verified).toBe(true);

    const own = await ownPass(c.person.id, c.user.token);
    expect(own.status).toBe(200);
    expect(own.type).toBe('application/vnd.apple.pkpass');
    expect(own.disposition).toBe('attachment; filename="pass.pkpass"');
    expect(own.bytes.equals(first!.bytes)).toBe(true);
    const pub = await publicPass(c.person.id, sign(c.person.id));
    expect(pub.bytes.equals(first!.bytes)).toBe(true);
    const created = await s.call('walletPkpassCreate', { params: { id: c.person.id }, token: c.user.token });
    expect(created.status).toBe(200);
    const token = verifyPass(first!.bytes).pass.authenticationToken as string;
    const web = await s.call('passkitPass', { params: { passTypeId: PASS_TYPE_ID, serial: c.person.id }, headers: { authorization: `ApplePass ${token}` } });
    expect(web.status).toBe(200);
    expect(web.bytes.equals(first!.bytes)).toBe(true);
    // Not written again: no route built.
    expect(stored(c.person.id)!.written).toBe(first!.written);

    // A card created into a profile nobody edits afterwards: its creation alone has the job store its pass.
    const another = await s.call('personCreate', { token: c.user.token, body: { ...c.body, firstname: 'Erika' } });
    expect(another.status, JSON.stringify(another.body)).toBe(200);
    expect(stored(another.body.id)).toBeUndefined();
    await s.cardChanges.drain();
    const newCardPass = stored(another.body.id);
    expect(newCardPass, 'stored by the job after the creation').toBeDefined();
    expect((await ownPass(another.body.id, c.user.token)).bytes.equals(newCardPass!.bytes)).toBe(true);

    const edit = await s.call('personUpdate', { params: { id: c.person.id }, token: c.user.token, body: { ...c.body, position: 'Einkaufsleitung', version: c.person.version } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await s.cardChanges.drain();
    const second = stored(c.person.id)!;
    expect(second.key).not.toBe(first!.key);
    const after = await publicPass(c.person.id, sign(c.person.id));
    expect(after.bytes.equals(second.bytes)).toBe(true);
    expect(stored(c.person.id)!.written).toBe(second.written);
    const p = verifyPass(after.bytes);
    expect(p.verified).toBe(true);
    expect(p.pass.generic.secondaryFields[0].value).toBe('Einkaufsleitung');
  });

  it('never serves a stale stored pass: edited before the job ran, the route builds and stores the new one', async () => {
    const c = await newCard();
    await s.cardChanges.drain();
    const old = stored(c.person.id)!;
    const edit = await s.call('personUpdate', { params: { id: c.person.id }, token: c.user.token, body: { ...c.body, lastname: 'Klein', version: c.person.version } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    // The job has not run: the stored pass still shows the old name.
    expect(stored(c.person.id)!.key).toBe(old.key);
    const res = await ownPass(c.person.id, c.user.token);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(old.bytes)).toBe(false);
    const p = verifyPass(res.bytes);
    expect(p.verified).toBe(true);
    expect(p.pass.generic.primaryFields[0].value).toBe('Jürgen Klein');
    const now = stored(c.person.id)!;
    expect(now.key).not.toBe(old.key);
    expect(now.bytes.equals(res.bytes)).toBe(true);
    // The job then finds it current and leaves it.
    await s.cardChanges.drain();
    expect(stored(c.person.id)!.written).toBe(now.written);

    // A deactivated card's pass is voided, also when a current one was stored.
    const off = await s.call('personUpdate', { params: { id: c.person.id }, token: c.user.token, body: { ...c.body, lastname: 'Klein', isActive: false, version: edit.body.version } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const voided = verifyPass((await ownPass(c.person.id, c.user.token)).bytes);
    expect(voided.pass.voided).toBe(true);
  });

  it('another company\'s card stays 404; the stored pass is not reachable through the uploads path', async () => {
    const c = await newCard();
    await s.cardChanges.drain();
    expect(stored(c.person.id)).toBeDefined();
    const other = await createTenant(s);
    expect((await ownPass(c.person.id, other.user.token)).status).toBe(404);
    expect((await s.call('walletPkpassCreate', { params: { id: c.person.id }, token: other.user.token })).status).toBe(404);
    for (const field of ['image', 'logo', 'walletLogo'] as const) {
      const res = await s.call('uploadGet', { params: { field, filename: `${c.person.id}.pkpass` } });
      expect(res.status).toBe(404);
    }
    for (const path of [`/api/upload/image/..%2Fwallet-passes%2F${c.person.id}.pkpass`, `/api/upload/image/%2E%2E/wallet-passes/${c.person.id}.pkpass`, `/wallet-passes/${c.person.id}.pkpass`]) {
      const res = await fetch(`${s.baseUrl}${path}`);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.includes(Buffer.from('pass.json')), path).toBe(false);
      expect(res.headers.get('content-type') ?? '', path).not.toContain('pkpass');
    }
  });

  it('an erased card\'s stored pass is gone at once and stays gone; a deleted card\'s goes with the job', async () => {
    const erased = await newCard();
    const deleted = await newCard();
    await s.cardChanges.drain();
    expect(stored(erased.person.id)).toBeDefined();
    expect(stored(deleted.person.id)).toBeDefined();
    const res = await s.call('personErase', { params: { id: erased.person.id }, token: erased.user.token, body: { confirm: erased.person.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.removed.storedPasses).toBe(1);
    expect(existsSync(storedFile(erased.person.id))).toBe(false);
    expect(existsSync(`${storedFile(erased.person.id)}.meta`)).toBe(false);
    const del = await s.call('personDelete', { params: { id: deleted.person.id }, token: deleted.user.token });
    expect(del.status).toBe(200);
    await s.cardChanges.drain();
    expect(existsSync(storedFile(erased.person.id))).toBe(false);
    expect(existsSync(storedFile(deleted.person.id))).toBe(false);
    expect((await ownPass(erased.person.id, erased.user.token)).status).toBe(404);
  });

  it('a deleted company takes its cards\' stored passes with it', async () => {
    const c = await newCard();
    await s.cardChanges.drain();
    expect(stored(c.person.id)).toBeDefined();
    const res = await s.call('companyDelete', { params: { id: c.company.id }, token: await s.adminToken() });
    expect(res.status).toBe(200);
    expect(existsSync(storedFile(c.person.id))).toBe(false);
    await s.cardChanges.drain();
    expect(existsSync(storedFile(c.person.id))).toBe(false);
  });

  it('a pass stored before its images existed is rebuilt with them after the image reprocess', async () => {
    // An upload as older code left it: only the original, no pass variants, a record without `pipeline`.
    const t = await newCard();
    const filename = `${randomUUID()}.png`;
    mkdirSync(join(s.uploadsDir, 'images'), { recursive: true });
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } }).png().toBuffer();
    writeFileSync(join(s.uploadsDir, 'images', filename), png);
    writeFileSync(join(s.uploadsDir, 'images', `${filename}.type`), 'image/png');
    await db().send(new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.upload(filename), ...keys.ownedUpload(t.company.id, filename), type: 'upload', filename, companyId: t.company.id, ownerKind: 'company',
        storageKey: `images/${filename}`, contentType: 'image/png', size: png.length, width: 300, height: 300, createdBy: 'test', createdAt: new Date().toISOString(),
      },
    }));
    const edit = await s.call('personUpdate', { params: { id: t.person.id }, token: t.user.token, body: { ...t.body, imageWallet: filename, version: t.person.version } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await s.cardChanges.drain();
    const before = stored(t.person.id)!;
    expect(verifyPass(before.bytes).entries).not.toContain('thumbnail.png');

    const result = await reprocessUploads();
    expect(result.done).toBe(true);
    expect(result.remade).toBeGreaterThanOrEqual(1);
    expect(result.passesCleared).toBeGreaterThanOrEqual(1);
    expect(existsSync(storedFile(t.person.id))).toBe(false);
    const res = await ownPass(t.person.id, t.user.token);
    expect(res.status).toBe(200);
    const p = verifyPass(res.bytes);
    expect(p.verified).toBe(true);
    expect(p.entries).toEqual(expect.arrayContaining(['thumbnail.png', 'thumbnail@2x.png', 'thumbnail@3x.png']));
    // Same inputs (names) as before: only the clearing made it build again.
    expect(stored(t.person.id)!.key).toBe(before.key);
  });

  it('a stored pass that cannot be read is a miss: the download is built and still works', async () => {
    const c = await newCard();
    await s.cardChanges.drain();
    const file = storedFile(c.person.id);
    expect(existsSync(file)).toBe(true);
    // A folder where the pass should be: reading fails (as S3's 403 would), so does storing.
    rmSync(file);
    mkdirSync(file);
    const res = await publicPass(c.person.id, sign(c.person.id));
    expect(res.status).toBe(200);
    expect(verifyPass(res.bytes).verified).toBe(true);
    expect(statSync(file).isDirectory()).toBe(true);
  });
});
