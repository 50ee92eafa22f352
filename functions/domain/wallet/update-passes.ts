import { appleConfig, googleConfig } from '../../lib/wallet/config.ts';
import type { AppleConfig, GoogleConfig } from '../../lib/wallet/config.ts';
import { pushPassUpdates } from '../../lib/wallet/apns.ts';
import type { PushResult } from '../../lib/wallet/apns.ts';
import { log } from '../../lib/log.ts';
import { pool } from '../../lib/pool.ts';
import type { CardChange } from '../cards/card-change.ts';
import { loadWalletCard } from './wallet-card.ts';
import { expireGoogleObject, patchGoogleObject } from './google-pass.ts';
import {
  DEVICES_PER_PASS, forgetGoogleObject, getGoogleObject, googleObjectsOfCompany, markNotified, overCap, pushDue,
  registrationsOfCompany, registrationsOfDevice, registrationsOfPass, stampPassChanged, unregisterDevice,
} from './pass-registrations.ts';
import type { GoogleObjectMarker, PassRegistration } from './pass-registrations.ts';
import { loadProfileSnapshot } from './pass-snapshot.ts';
import { storeChangedPasses } from './store-changed-passes.ts';
import type { StoredPassesResult } from './store-changed-passes.ts';
import { withRetry } from '../../lib/retry.ts';
import type { RetryOptions } from '../../lib/retry.ts';

// The wallet half of the `card-changed` job: changed cards' Apple passes built and stored,
// installed ones get their change stamped and one push per device, Google objects a PATCH (or
// expiry). Runs off the request path only.

/** Google calls at once (rate limit; the API allows far more per second for one issuer). */
export const GOOGLE_IN_FLIGHT = 10;

/** APNs refuses these for good: the token is dead and its registrations go (400 with this reason, or 410). */
const DEAD_TOKEN_REASONS = new Set(['BadDeviceToken', 'DeviceTokenNotForTopic', 'Unregistered']);
const deadToken = (r: PushResult) => r.status === 410 || (r.status === 400 && DEAD_TOKEN_REASONS.has(r.reason ?? ''));
/** Worth another try: no answer, throttled, APNs' own trouble. */
const transient = (r: PushResult) => r.status === 0 || r.status === 429 || r.status >= 500;

export interface PassUpdateResult {
  /** Stored Apple passes built, already current, removed (deleted or erased cards). */
  passes: StoredPassesResult;
  /** Pushes sent that APNs accepted. */
  pushes: number;
  /** Push tokens dropped (400 BadDeviceToken, 410). */
  removedTokens: number;
  googleUpdates: number;
  /** What still failed after the retries: the change is not done and comes back. */
  failures: string[];
}

/** The registrations a change touches, at most DEVICES_PER_PASS (the newest) per pass. */
async function registrationsOf(change: CardChange): Promise<PassRegistration[]> {
  let regs: PassRegistration[];
  // An erasure removed the card's registrations itself: no pass of it is stamped, kept or pushed.
  if (change.erased) regs = [];
  else if (change.scope === 'card') regs = await registrationsOfPass(change.targetId);
  else if (change.companyDeleted) regs = [];
  else {
    const all = await registrationsOfCompany(change.companyId);
    regs = change.scope === 'profile' ? all.filter((r) => r.profileId === change.targetId) : all;
  }
  const bySerial = new Map<string, PassRegistration[]>();
  for (const r of regs) bySerial.set(r.serial, [...(bySerial.get(r.serial) ?? []), r]);
  return [...bySerial.values()].flatMap((list) => overCap(list, DEVICES_PER_PASS).kept);
}

async function markersOf(change: CardChange): Promise<GoogleObjectMarker[]> {
  if (change.scope === 'card') {
    const m = await getGoogleObject(change.targetId);
    return m ? [m] : [];
  }
  if (change.companyDeleted) return [];
  const all = await googleObjectsOfCompany(change.companyId);
  return change.scope === 'profile' ? all.filter((m) => m.profileId === change.targetId) : all;
}

/** The latest change per card, profile or company of a batch: ten edits of one card read its registrations once. */
function latestPerTarget(changes: CardChange[]): CardChange[] {
  const latest = new Map<string, CardChange>();
  for (const c of changes) {
    const key = `${c.scope}#${c.targetId}`;
    const had = latest.get(key);
    if (!had || had.at <= c.at) latest.set(key, c);
  }
  return [...latest.values()];
}

/** Stamps every touched registration; answers those whose device still has to be pushed. */
async function stampAll(changes: CardChange[]): Promise<PassRegistration[]> {
  // One stamp per registration, with the latest change of the batch that touches it.
  const latest = new Map<string, { reg: PassRegistration; change: CardChange }>();
  for (const change of latestPerTarget(changes)) {
    for (const reg of await registrationsOf(change)) {
      const key = `${reg.serial}#${reg.deviceId}`;
      const had = latest.get(key);
      if (!had || had.change.at <= change.at) latest.set(key, { reg, change });
    }
  }
  const snapshots = new Map<string, Promise<NonNullable<PassRegistration['voidedCard']>>>();
  const due: PassRegistration[] = [];
  await pool([...latest.values()], 25, async ({ reg, change }) => {
    let voidedCard: PassRegistration['voidedCard'];
    if (change.deletedCard) {
      // The voided pass still shows who it was; the card itself is gone, so keep its content.
      if (!snapshots.has(change.changeId)) snapshots.set(change.changeId, loadProfileSnapshot(change.deletedCard));
      voidedCard = await snapshots.get(change.changeId);
    }
    const profileId = change.scope === 'card' && !change.deletedCard ? (await cardProfileId(change.targetId)) : undefined;
    const now = await stampPassChanged(reg, change.at, { ...(voidedCard ? { voidedCard } : {}), ...(profileId ? { profileId } : {}) });
    if (now && pushDue(now)) due.push(now);
  });
  return due;
}

const profileIds = new Map<string, Promise<string | undefined>>();
/** A moved card's passes follow it to its new profile (profile changes find them by it). */
function cardProfileId(personId: string): Promise<string | undefined> {
  let p = profileIds.get(personId);
  if (!p) {
    p = loadWalletCard(personId).then((c) => c?.person.companyProfilId);
    profileIds.set(personId, p);
    p.finally(() => profileIds.delete(personId)).catch(() => undefined);
  }
  return p;
}

/** One push per device (push token) however many of its passes changed; retried; dead tokens removed. */
async function pushDevices(apple: AppleConfig, due: PassRegistration[], retry: RetryOptions, result: PassUpdateResult): Promise<void> {
  const byToken = new Map<string, PassRegistration[]>();
  for (const r of due) byToken.set(r.pushToken, [...(byToken.get(r.pushToken) ?? []), r]);
  let pending = [...byToken.keys()];
  const dead: string[] = [];
  await withRetry(retry, async () => {
    const results = await pushPassUpdates(apple, pending);
    const again: string[] = [];
    const accepted: PassRegistration[] = [];
    const refused = new Map<string, number>();
    for (const r of results) {
      if (r.status === 200) {
        result.pushes += 1;
        accepted.push(...byToken.get(r.pushToken)!);
      } else if (deadToken(r)) dead.push(r.pushToken);
      else if (transient(r)) again.push(r.pushToken);
      else {
        // 403 (certificate), 400 BadTopic …: our configuration, not the device; retrying cannot help now.
        const what = `apns ${r.status} ${r.reason ?? ''}`.trim();
        refused.set(what, (refused.get(what) ?? 0) + 1);
      }
    }
    if (refused.size) {
      log('error', 'apns refused pass pushes: check the pass certificate, APPLE_PASS_TYPE_ID and APNS_HOST', { refused: Object.fromEntries(refused) });
      result.failures.push(...refused.keys());
    }
    await pool(accepted, 25, markNotified);
    pending = again;
    return pending.length === 0;
  });
  if (pending.length) result.failures.push(`apns: ${pending.length} push(es) still failing after ${retry.attempts} attempts`);
  // The token is dead: every registration of its device goes (not only the changed passes').
  for (const token of dead) {
    const devices = new Set(byToken.get(token)!.map((r) => r.deviceId));
    for (const deviceId of devices) {
      const regs = (await registrationsOfDevice(deviceId)).filter((r) => r.pushToken === token);
      await Promise.all([...regs, ...byToken.get(token)!.filter((r) => r.deviceId === deviceId)].map((r) => unregisterDevice(r.serial, r.deviceId)));
    }
    result.removedTokens += 1;
  }
}

async function updateGoogle(google: GoogleConfig, changes: CardChange[], retry: RetryOptions, result: PassUpdateResult): Promise<void> {
  const markers = new Map<string, GoogleObjectMarker>();
  for (const change of latestPerTarget(changes)) for (const m of await markersOf(change)) markers.set(m.personId, m);
  await pool([...markers.values()], GOOGLE_IN_FLIGHT, async (marker) => {
    const ok = await withRetry(retry, async () => {
      try {
        const card = await loadWalletCard(marker.personId);
        if (!card) {
          await expireGoogleObject({ config: google, personId: marker.personId });
          await forgetGoogleObject(marker.personId);
        } else {
          await patchGoogleObject({ config: google, card, baseUrl: marker.baseUrl, state: card.person.isActive ? 'ACTIVE' : 'EXPIRED' });
        }
        return true;
      } catch (err) {
        log('warn', 'google wallet update failed, will retry', { personId: marker.personId, error: err instanceof Error ? err.message : String(err) });
        return false;
      }
    });
    if (ok) result.googleUpdates += 1;
    else result.failures.push(`google ${marker.personId}`);
  });
}

/** Without Google configuration an erased card's object cannot be expired here: say so, and keep no marker naming the card. */
async function forgetErasedObjects(changes: CardChange[]): Promise<void> {
  for (const change of changes.filter((c) => c.erased)) {
    for (const marker of await markersOf(change)) {
      log('error', 'google wallet object of an erased card not expired: wallet configuration missing; expire it in the Google Pay console', { personId: marker.personId });
      await forgetGoogleObject(marker.personId);
    }
  }
}

/** Apple pushes and Google updates for a batch of changes. Without wallet configuration nothing is read. */
export async function updatePasses(o: { changes: CardChange[]; retry: RetryOptions }): Promise<PassUpdateResult> {
  const result: PassUpdateResult = { passes: { built: 0, current: 0, removed: 0, deferred: 0, failed: 0 }, pushes: 0, removedTokens: 0, googleUpdates: 0, failures: [] };
  const [apple, google] = await Promise.all([appleConfig(), googleConfig()]);
  if (apple.ok) {
    const due = await stampAll(o.changes);
    // Stored before the push: the device's GET that follows finds the new pass.
    result.passes = await storeChangedPasses({ changes: o.changes, config: apple.config, first: due.map((r) => r.serial) });
    if (due.length) await pushDevices(apple.config, due, o.retry, result);
  } else result.passes = await storeChangedPasses({ changes: o.changes, config: undefined });
  if (google.ok) await updateGoogle(google.config, o.changes, o.retry, result);
  else await forgetErasedObjects(o.changes);
  return result;
}
