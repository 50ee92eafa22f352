import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { db, isConditionFailure, queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { CardPerson, CardProfile } from '../../../shared/card/types.ts';
import type { CardLang } from '../../../shared/card/labels.ts';

/** One device registered for one pass's updates. */
export interface PassRegistration {
  serial: string;
  deviceId: string;
  pushToken: string;
  companyId: string;
  profileId: string;
  /** The product address the pass was fetched from (its web service and card links). */
  baseUrl: string;
  /** When the pass last changed (ms since epoch): the web service's update tag. */
  updatedAt: number;
  /** The `updatedAt` this device was last pushed for (or registered at): below `updatedAt`, a push is due. */
  notifiedAt?: number;
  /** When the device registered (ms): the oldest registrations go first when a cap is reached. */
  registeredAt?: number;
  /** A deleted card: what its voided pass is built from (the card itself is gone). */
  voidedCard?: { person: CardPerson; profile: CardProfile | null; lang: CardLang };
  /** Set with `voidedCard` (seconds, the table's TTL): the deleted card's details are not kept for good. */
  expiresAt?: number;
}

/**
 * How long a deleted card's snapshot stays, so devices that were offline still get the voided
 * pass; then the registration (and with it the card's last details) goes.
 */
export const VOIDED_SNAPSHOT_DAYS = 30;

/** TTL removes items lazily (often a day or two late): an expired registration is treated as gone. */
const live = (regs: PassRegistration[]) => {
  const now = Date.now() / 1000;
  return regs.filter((r) => r.expiresAt === undefined || r.expiresAt > now);
};

/**
 * Devices one pass keeps updating: a printed wallet link lets anyone register devices, so a pass
 * must not collect them without limit (every one is a push on every change). A new registration
 * beyond it evicts the oldest.
 */
export const DEVICES_PER_PASS = 10;
/** Passes one device keeps updating; a new registration beyond it evicts the device's oldest. */
export const PASSES_PER_DEVICE = 25;

const age = (r: PassRegistration) => r.registeredAt ?? r.updatedAt ?? 0;

/** The newest `cap` registrations, oldest first among the rest (what eviction removes). */
export function overCap(regs: PassRegistration[], cap: number): { kept: PassRegistration[]; evicted: PassRegistration[] } {
  const newestFirst = [...regs].sort((a, b) => age(b) - age(a) || (a.deviceId + a.serial).localeCompare(b.deviceId + b.serial));
  return { kept: newestFirst.slice(0, cap), evicted: newestFirst.slice(cap) };
}

/** After a new registration: the pass's and the device's oldest registrations beyond the caps go. */
async function enforceCaps(serial: string, deviceId: string): Promise<void> {
  const [ofPass, ofDevice] = await Promise.all([registrationsOfPass(serial), registrationsOfDevice(deviceId)]);
  const evicted = [...overCap(ofPass, DEVICES_PER_PASS).evicted, ...overCap(ofDevice, PASSES_PER_DEVICE).evicted]
    .filter((r) => !(r.serial === serial && r.deviceId === deviceId));
  await Promise.all(evicted.map((r) => unregisterDevice(r.serial, r.deviceId)));
}

/** Registers a device; true when it is new (201), false when it was registered already (200). */
export async function registerDevice(r: Omit<PassRegistration, 'updatedAt'>): Promise<boolean> {
  const out = await db().send(new UpdateCommand({
    TableName: tableName(),
    Key: keys.passRegistration(r.serial, r.deviceId),
    UpdateExpression: 'SET pushToken = :t, baseUrl = :b, companyId = :c, profileId = :p, serial = :s, deviceId = :d, gsi1pk = :g1p, gsi1sk = :g1s, gsi2pk = :g2p, gsi2sk = :g2s, #type = :type, updatedAt = if_not_exists(updatedAt, :now), notifiedAt = if_not_exists(notifiedAt, :now), registeredAt = if_not_exists(registeredAt, :now)',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':t': r.pushToken, ':b': r.baseUrl, ':c': r.companyId, ':p': r.profileId, ':s': r.serial, ':d': r.deviceId,
      ':g1p': keys.deviceRegistrationEntry(r.deviceId, r.serial).gsi1pk, ':g1s': r.serial,
      ':g2p': keys.ownedPassRegistration(r.companyId, r.serial, r.deviceId).gsi2pk,
      ':g2s': keys.ownedPassRegistration(r.companyId, r.serial, r.deviceId).gsi2sk,
      ':type': 'passRegistration', ':now': Date.now(),
    },
    ReturnValues: 'UPDATED_OLD',
  }));
  const created = !out.Attributes?.pushToken;
  if (created) await enforceCaps(r.serial, r.deviceId);
  return created;
}

export async function unregisterDevice(serial: string, deviceId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.passRegistration(serial, deviceId) }));
}

export async function registrationsOfPass(serial: string): Promise<PassRegistration[]> {
  return live(await queryAll<PassRegistration>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.passRegistrationPartition(serial).pk },
    ConsistentRead: true,
  }));
}

export async function registrationsOfDevice(deviceId: string): Promise<PassRegistration[]> {
  return live(await queryAll<PassRegistration>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.deviceRegistrationPartition(deviceId).gsi1pk },
  }));
}

export function registrationsOfCompany(companyId: string): Promise<PassRegistration[]> {
  const prefix = keys.ownedPassRegistrationPrefix(companyId);
  return queryAll<PassRegistration>({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.gsi2pk, ':sk': prefix.gsi2sk },
  });
}

/**
 * Stamps one device's copy of a pass as changed at `at` (the change's own time, so a redelivered
 * change stamps nothing new), keeping a deleted card's content. Answers the registration as it is
 * afterwards (undefined when it is gone): a push is due while `notifiedAt` is below `updatedAt`.
 */
export async function stampPassChanged(r: PassRegistration, at: number, o: { voidedCard?: PassRegistration['voidedCard']; profileId?: string } = {}): Promise<PassRegistration | undefined> {
  try {
    const out = await db().send(new UpdateCommand({
      TableName: tableName(),
      Key: keys.passRegistration(r.serial, r.deviceId),
      UpdateExpression: `SET updatedAt = :at${o.voidedCard ? ', voidedCard = :v, expiresAt = :exp' : ''}${o.profileId ? ', profileId = :p' : ''}`,
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(updatedAt) OR updatedAt < :at)',
      ExpressionAttributeValues: {
        ':at': at,
        ...(o.voidedCard ? { ':v': o.voidedCard, ':exp': Math.floor(at / 1000) + VOIDED_SNAPSHOT_DAYS * 86_400 } : {}),
        ...(o.profileId ? { ':p': o.profileId } : {}),
      },
      ReturnValues: 'ALL_NEW',
    }));
    return out.Attributes as PassRegistration;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    // Already stamped for this change (a redelivery) or a later one, or gone: as it is now.
    const now = await db().send(new GetCommand({ TableName: tableName(), Key: keys.passRegistration(r.serial, r.deviceId), ConsistentRead: true }));
    return now.Item as PassRegistration | undefined;
  }
}

/** The device was pushed for the pass as of `updatedAt` (a later stamp keeps its push due). */
export async function markNotified(r: PassRegistration): Promise<void> {
  await db().send(new UpdateCommand({
    TableName: tableName(),
    Key: keys.passRegistration(r.serial, r.deviceId),
    UpdateExpression: 'SET notifiedAt = :u',
    ConditionExpression: 'updatedAt = :u',
    ExpressionAttributeValues: { ':u': r.updatedAt },
  })).catch((err: unknown) => {
    if (!isConditionFailure(err)) throw err;
  });
}

/** Whether the device still has to hear about the pass's last change. */
export function pushDue(r: PassRegistration): boolean {
  return (r.notifiedAt ?? 0) < r.updatedAt;
}

/** Google objects: a marker per card whose object was created, so changes know whom to PATCH. */
export interface GoogleObjectMarker {
  personId: string;
  profileId: string;
  companyId: string;
  baseUrl: string;
}

export async function rememberGoogleObject(o: GoogleObjectMarker): Promise<void> {
  await db().send(new PutCommand({
    TableName: tableName(),
    Item: { ...keys.googleObject(o.personId), ...keys.ownedGoogleObject(o.companyId, o.personId), type: 'googleObject', personId: o.personId, profileId: o.profileId, companyId: o.companyId, baseUrl: o.baseUrl },
  }));
}

export async function getGoogleObject(personId: string): Promise<GoogleObjectMarker | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.googleObject(personId) }));
  return out.Item as GoogleObjectMarker | undefined;
}

export async function forgetGoogleObject(personId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.googleObject(personId) }));
}

export function googleObjectsOfCompany(companyId: string): Promise<GoogleObjectMarker[]> {
  const prefix = keys.ownedGoogleObjectPrefix(companyId);
  return queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.gsi2pk, ':sk': prefix.gsi2sk },
  });
}
