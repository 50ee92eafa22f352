import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { db, queryAll, tableName } from '../../lib/db.ts';
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

/** Registers a device; true when it is new (201), false when it was registered already (200). */
export async function registerDevice(r: Omit<PassRegistration, 'updatedAt'>): Promise<boolean> {
  const out = await db().send(new UpdateCommand({
    TableName: tableName(),
    Key: keys.passRegistration(r.serial, r.deviceId),
    UpdateExpression: 'SET pushToken = :t, baseUrl = :b, companyId = :c, profileId = :p, serial = :s, deviceId = :d, gsi1pk = :g1p, gsi1sk = :g1s, gsi2pk = :g2p, gsi2sk = :g2s, #type = :type, updatedAt = if_not_exists(updatedAt, :now)',
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
  return !out.Attributes?.pushToken;
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

/** Stamps a pass as changed now for every device that holds it (and keeps a deleted card's content). */
export async function markPassUpdated(r: PassRegistration, now: number, voidedCard?: PassRegistration['voidedCard'], profileId?: string): Promise<void> {
  await db().send(new UpdateCommand({
    TableName: tableName(),
    Key: keys.passRegistration(r.serial, r.deviceId),
    UpdateExpression: `SET updatedAt = :now${voidedCard ? ', voidedCard = :v, expiresAt = :exp' : ''}${profileId ? ', profileId = :p' : ''}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: {
      ':now': now,
      ...(voidedCard ? { ':v': voidedCard, ':exp': Math.floor(now / 1000) + VOIDED_SNAPSHOT_DAYS * 86_400 } : {}),
      ...(profileId ? { ':p': profileId } : {}),
    },
  })).catch(() => undefined);
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
