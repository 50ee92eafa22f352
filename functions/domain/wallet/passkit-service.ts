import type { HttpEvent, FileResult } from '../../lib/http.ts';
import { UnauthenticatedError, NotFoundError } from '../../lib/errors.ts';
import { requireAppleConfig } from '../../lib/wallet/config.ts';
import { isValidPassAuth } from '../../lib/wallet/link-signature.ts';
import { log } from '../../lib/log.ts';
import { walletMessages } from '../../../shared/messages/wallet.ts';
import { loadWalletCard } from './wallet-card.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import type { PassSource } from './wallet-card.ts';
import { registerDevice, registrationsOfDevice, registrationsOfPass, unregisterDevice } from './pass-registrations.ts';
import { snapshotSource } from './pass-snapshot.ts';
import { PKPASS_TYPE } from './pkpass-type.ts';
import { cardPass } from './stored-pass.ts';

// Apple's PassKit web service (Wallet Passes > Adding a Web Service to Update Passes). Every call
// but the log carries `Authorization: ApplePass <authenticationToken>` of the pass.

const empty = (statusCode: number, headers: Record<string, string> = {}): FileResult =>
  ({ kind: 'file', statusCode, contentType: 'text/plain; charset=utf-8', body: '', headers });

async function requirePass(event: HttpEvent, passTypeId: string, serial: string): Promise<void> {
  const config = await requireAppleConfig();
  if (passTypeId !== config.passTypeId) throw new NotFoundError(walletMessages.errors.cardNotFound);
  if (!(await isValidPassAuth(serial, event.headers?.authorization))) throw new UnauthenticatedError(walletMessages.errors.passAuth);
}

export async function registerPassDevice(o: { event: HttpEvent; deviceId: string; passTypeId: string; serial: string; pushToken: string }): Promise<FileResult> {
  await requirePass(o.event, o.passTypeId, o.serial);
  const card = await loadWalletCard(o.serial);
  if (!card) throw new NotFoundError(walletMessages.errors.cardNotFound);
  const created = await registerDevice({
    serial: o.serial, deviceId: o.deviceId, pushToken: o.pushToken, companyId: card.person.companyId,
    profileId: card.person.companyProfilId, baseUrl: publicBaseUrl(),
  });
  return empty(created ? 201 : 200);
}

export async function unregisterPassDevice(o: { event: HttpEvent; deviceId: string; passTypeId: string; serial: string }): Promise<FileResult> {
  await requirePass(o.event, o.passTypeId, o.serial);
  await unregisterDevice(o.serial, o.deviceId);
  return empty(200);
}

/** Serials of the device's passes changed after the tag; the tag is the newest change time. */
export async function updatedSerials(o: { deviceId: string; passTypeId: string; since: string | undefined }): Promise<FileResult> {
  const config = await requireAppleConfig();
  if (o.passTypeId !== config.passTypeId) return empty(204);
  const regs = await registrationsOfDevice(o.deviceId);
  const since = o.since && /^\d+$/.test(o.since) ? Number(o.since) : undefined;
  const changed = since === undefined ? regs : regs.filter((r) => r.updatedAt > since);
  if (!changed.length) return empty(204);
  const lastUpdated = String(Math.max(...changed.map((r) => r.updatedAt)));
  return {
    kind: 'file',
    contentType: 'application/json',
    body: JSON.stringify({ lastUpdated, serialNumbers: [...new Set(changed.map((r) => r.serial))] }),
    headers: { 'cache-control': 'no-store' },
  };
}

/** The latest pass: voided when the card was deactivated or deleted. */
export async function latestPass(o: { event: HttpEvent; passTypeId: string; serial: string }): Promise<FileResult> {
  await requirePass(o.event, o.passTypeId, o.serial);
  const config = await requireAppleConfig();
  const card = await loadWalletCard(o.serial);
  const regs = await registrationsOfPass(o.serial);
  let source: PassSource | undefined = card;
  let voided = card ? !card.person.isActive : true;
  if (!card) {
    const snapshot = regs.find((r) => r.voidedCard)?.voidedCard;
    if (!snapshot) throw new NotFoundError(walletMessages.errors.cardNotFound);
    source = snapshotSource(o.serial, snapshot);
    voided = true;
  }
  const updatedAt = regs.length ? Math.max(...regs.map((r) => r.updatedAt)) : Date.now();
  const lastModified = new Date(Math.floor(updatedAt / 1000) * 1000).toUTCString();
  const since = o.event.headers?.['if-modified-since'];
  if (since && Date.parse(since) >= Math.floor(updatedAt / 1000) * 1000) return empty(304, { 'last-modified': lastModified });
  const inputs = { card: source!, config, baseUrl: regs[0]?.baseUrl ?? publicBaseUrl(), voided };
  // A card's pass is stored (the card-changed job built it before the push that brought the device
  // here). A deleted card's voided pass is built each time and never stored: nothing of it stays in
  // storage after the card went (passkit-generator only here: the other web service calls never load it).
  let pass: Buffer;
  if (card) pass = await cardPass(inputs);
  else {
    const { buildApplePass } = await import('./apple-pass.ts');
    pass = await buildApplePass(inputs);
  }
  return { kind: 'file', contentType: PKPASS_TYPE, body: pass, headers: { 'last-modified': lastModified, 'cache-control': 'no-store' } };
}

/**
 * Lines of the unauthenticated PassKit log this container writes per minute; the rest is counted
 * and reported once a minute, so a flood (from many addresses, past the WAF's per-address rule)
 * cannot run up the log bill.
 */
export const PASSKIT_LOG_LINES_PER_MINUTE = 60;
const budget = { minute: 0, written: 0, dropped: 0 };

/** Wallet reports problems with our passes here; they go to the log for the operator. */
export async function acceptLogs(o: { logs: string[]; now?: number }): Promise<Record<string, never>> {
  const minute = Math.floor((o.now ?? Date.now()) / 60_000);
  if (minute !== budget.minute) {
    if (budget.dropped) log('warn', 'passkit device log lines dropped (more than the per-minute budget)', { dropped: budget.dropped, budget: PASSKIT_LOG_LINES_PER_MINUTE });
    Object.assign(budget, { minute, written: 0, dropped: 0 });
  }
  for (const line of o.logs) {
    if (budget.written >= PASSKIT_LOG_LINES_PER_MINUTE) budget.dropped++;
    else {
      budget.written++;
      log('info', 'passkit device log', { line: line.slice(0, 500) });
    }
  }
  return {};
}
