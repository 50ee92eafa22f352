import { appleConfig, googleConfig } from '../../lib/wallet/config.ts';
import { log } from '../../lib/log.ts';
import type { PersonItem } from '../persons/person-item.ts';
import type { WalletCard } from './wallet-card.ts';
import {
  forgetGoogleObject, getGoogleObject, googleObjectsOfCompany, markPassUpdated, registrationsOfCompany, registrationsOfPass, unregisterDevice,
} from './pass-registrations.ts';
import type { GoogleObjectMarker, PassRegistration } from './pass-registrations.ts';

// Passes stay current: after a card, its profile or its company changed, every Apple device that
// registered the pass gets a push (and then fetches the new pass from the web service), every
// Google object is PATCHed. Called after the data change has happened: a wallet service being
// down must not fail the edit, so failures are logged with what to do. Without wallet
// configuration nothing is read. Every card edit calls this, and most cards have no pass: APNs,
// the Google client and the card loader are imported only when there is a pass to update.

const loadWalletCard = async (personId: string) => (await import('./wallet-card.ts')).loadWalletCard(personId);

async function pushTo(regs: PassRegistration[]): Promise<void> {
  const apple = await appleConfig();
  if (!apple.ok || !regs.length) return;
  const { pushPassUpdates } = await import('../../lib/wallet/apns.ts');
  const results = await pushPassUpdates(apple.config, [...new Set(regs.map((r) => r.pushToken))]);
  // 410: the device removed the pass or was reset; APNs asks us to stop.
  const gone = new Set(results.filter((r) => r.status === 410).map((r) => r.pushToken));
  await Promise.all(regs.filter((r) => gone.has(r.pushToken)).map((r) => unregisterDevice(r.serial, r.deviceId)));
  const failed = results.filter((r) => r.status !== 200 && r.status !== 410);
  if (failed.length) log('error', 'apns refused pass pushes: check the pass certificate and APNS_HOST', { statuses: failed.map((r) => r.status) });
}

async function patchGoogle(marker: GoogleObjectMarker, card: WalletCard | undefined): Promise<void> {
  const google = await googleConfig();
  if (!google.ok) return;
  const { expireGoogleObject, patchGoogleObject } = await import('./google-pass.ts');
  if (!card) {
    await expireGoogleObject({ config: google.config, personId: marker.personId });
    await forgetGoogleObject(marker.personId);
    return;
  }
  await patchGoogleObject({ config: google.config, card, baseUrl: marker.baseUrl, state: card.person.isActive ? 'ACTIVE' : 'EXPIRED' });
}

async function guarded(what: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    log('error', `wallet update after ${what} failed: the passes show the old card until its next change`, {
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

async function configured(): Promise<{ apple: boolean; google: boolean }> {
  const [apple, google] = await Promise.all([appleConfig(), googleConfig()]);
  return { apple: apple.ok, google: google.ok };
}

/** After a card was edited, (de)activated or moved: a deactivated card's passes become void/expired. */
export async function walletCardChanged(o: { personId: string }): Promise<void> {
  const on = await configured();
  if (!on.apple && !on.google) return;
  await guarded('card change', async () => {
    const [regs, marker] = await Promise.all([on.apple ? registrationsOfPass(o.personId) : [], on.google ? getGoogleObject(o.personId) : undefined]);
    if (!regs.length && !marker) return;
    const card = await loadWalletCard(o.personId);
    const now = Date.now();
    await Promise.all(regs.map((r) => markPassUpdated(r, now, undefined, card?.person.companyProfilId)));
    await Promise.all([pushTo(regs), marker ? patchGoogle(marker, card) : Promise.resolve()]);
  });
}

/** After a card was deleted (pass `person` as it was): Apple devices fetch a voided pass, Google's object expires. */
export async function walletCardDeleted(o: { person: PersonItem }): Promise<void> {
  const on = await configured();
  if (!on.apple && !on.google) return;
  await guarded('card delete', async () => {
    const [regs, marker] = await Promise.all([on.apple ? registrationsOfPass(o.person.id) : [], on.google ? getGoogleObject(o.person.id) : undefined]);
    if (regs.length) {
      // The voided pass still shows who it was; the card itself is gone, so keep its content.
      const snapshot = await (await import('./pass-snapshot.ts')).loadProfileSnapshot(o.person);
      const now = Date.now();
      await Promise.all(regs.map((r) => markPassUpdated(r, now, snapshot)));
      await pushTo(regs);
    }
    if (marker) await patchGoogle(marker, undefined);
  });
}

/** After a profile or company changed (name, colours, logos): every pass of its cards. */
export async function walletCardsChanged(o: { companyId: string; profileId?: string }): Promise<void> {
  const on = await configured();
  if (!on.apple && !on.google) return;
  await guarded('profile/company change', async () => {
    const [regs, markers] = await Promise.all([
      on.apple ? registrationsOfCompany(o.companyId) : [],
      on.google ? googleObjectsOfCompany(o.companyId) : [],
    ]);
    const mine = <T extends { profileId: string }>(list: T[]) => (o.profileId ? list.filter((x) => x.profileId === o.profileId) : list);
    const now = Date.now();
    await Promise.all(mine(regs).map((r) => markPassUpdated(r, now)));
    await pushTo(mine(regs));
    for (const m of mine(markers)) await patchGoogle(m, await loadWalletCard(m.personId));
  });
}
