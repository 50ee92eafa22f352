import { randomUUID } from 'node:crypto';
import { tableName } from '../../lib/db.ts';
import type { TransactItem } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import type { PersonItem } from './person-item.ts';
import { CARD_CHANGE_TYPE } from '../../jobs/card-changed-source.ts';

// A change to what cards show is one event, recorded in the same transaction as the write that
// makes it (an outbox item): the write and its event happen together or not at all. The table's
// stream carries the new item to the `card-changed` job (functions/jobs/card-changed.ts; locally
// the same job reads DynamoDB Local's stream, functions/local/card-change-feed.ts), which works out
// the cards it touches and does the CDN invalidation, the Apple pushes and the Google updates.
// No request waits for any of that.

/**
 * What changed: one card (`card`: a V2 or legacy person), every card of a profile, of a company or
 * of a legacy company.
 */
export type CardChangeScope = 'card' | 'profile' | 'company' | 'legacyCompany';

export interface CardChange {
  changeId: string;
  /** The write's time (ms): the installed passes' update tag, so a redelivery stamps the same one. */
  at: number;
  scope: CardChangeScope;
  /** The person, profile or (legacy) company id. */
  targetId: string;
  /** The company owning the card(s): the V2 company, or the legacy company for legacy cards. */
  companyId: string;
  /** The card was deleted: what it was, for its voided pass (the card item is gone). */
  deletedCard?: PersonItem;
  /** The company is being deleted: its cards' ids may be gone before the job runs. */
  companyDeleted?: boolean;
  /**
   * The card holder was erased (DSGVO Art. 17): no voided pass is kept (it would hold the person),
   * the Google object is expired and forgotten even without wallet configuration.
   */
  erased?: boolean;
  /** More CDN paths to drop with the card's own (an erased card's images); removed once handled. */
  paths?: string[];
  /**
   * A new card: nothing of it is cached or installed yet, so nothing is invalidated or pushed; the
   * job builds and stores its Apple pass, so its first download is served stored.
   */
  created?: boolean;
}

export { CARD_CHANGE_TYPE };

/** Handled changes stay this long (redeliveries within the stream's 24 h find them done), then TTL removes them. */
export const CARD_CHANGE_RETENTION_DAYS = 2;

export type CardChangeInput = Omit<CardChange, 'changeId' | 'at'> & { at?: number };

/** The outbox item of one change. */
export function cardChangeItem(c: CardChangeInput): Record<string, unknown> {
  const at = c.at ?? Date.now();
  const change: CardChange = { ...c, at, changeId: randomUUID() };
  return {
    ...keys.cardChange(change.changeId),
    type: CARD_CHANGE_TYPE,
    ...change,
    expiresAt: Math.floor(at / 1000) + CARD_CHANGE_RETENTION_DAYS * 86_400,
  };
}

/** The Put of a change, to go into the transaction of the write that makes it. */
export function cardChangePut(c: CardChangeInput): TransactItem {
  return { Put: { TableName: tableName(), Item: cardChangeItem(c), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** The same as a step of `runGuarded` (its condition cannot fail: the id is new). */
export function cardChangeStep(c: CardChangeInput): GuardedItem {
  return { item: cardChangePut(c), onFail: () => new Error('card change id already taken') };
}

/** A change as the stream delivers it (the item's attributes, unmarshalled); undefined for any other item. */
export function asCardChange(item: Record<string, unknown> | undefined): CardChange | undefined {
  if (!item || item.type !== CARD_CHANGE_TYPE || typeof item.changeId !== 'string') return undefined;
  const { changeId, at, scope, targetId, companyId, deletedCard, companyDeleted, erased, paths, created } = item as unknown as CardChange;
  return {
    changeId, at: Number(at), scope, targetId, companyId,
    ...(deletedCard ? { deletedCard } : {}), ...(companyDeleted ? { companyDeleted } : {}),
    ...(erased ? { erased } : {}), ...(Array.isArray(paths) && paths.length ? { paths: paths.map(String) } : {}), ...(created ? { created } : {}),
  };
}
