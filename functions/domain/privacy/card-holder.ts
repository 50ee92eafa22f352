import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import type { CardSource } from '../cards/read-card.ts';
import { v2CardHolder } from './v2-card-holder.ts';

// A card holder as the DSGVO export (Art. 15) and erasure (Art. 17) see them: a V2 card (a
// company's card holder) or a legacy person (the admin-only vcard area). What differs is how the
// item is read, what it belongs to and which items count it; everything else (images, statistics,
// wallet, contacts, audit entries, the card change) is the same for both and lives in
// export-person.ts and erase-person.ts.

export type CardHolderKind = 'card' | 'legacy';

export interface CardHolder {
  kind: CardHolderKind;
  id: string;
  /** Owner of the card's uploads and statistics rollup: the V2 company or the legacy company. */
  companyId: string;
  /** The item as stored (table keys included). */
  item: Record<string, unknown> & { firstname?: string; lastname?: string; image?: string; imageWallet?: string; pastImages?: readonly string[] };
  /** Audit object type of the card (`person` or `vcardPerson`). */
  objectType: 'person' | 'vcardPerson';
  /** What the card belongs to, for the export's visitenkarte.json (profile, company). */
  context(): Promise<Record<string, unknown>>;
  /** The card as its public page and vCard read it, shown or not; undefined when it cannot be drawn. */
  source(): Promise<CardSource | undefined>;
  /** The transaction steps that remove the item with its counters and indexes (guarded by its version). */
  removalSteps(auth: AuthUser): GuardedItem[];
  /** Clean-up after the transaction (an index entry only removable once nothing names it). */
  afterRemoval(): Promise<void>;
}

/**
 * The card holder with this id as the caller may see it: V2 cards for admins and users of the
 * card's company, legacy persons for admins (404 otherwise). The legacy code is loaded only for
 * legacy holders, so the V2 routes' cold start stays as it was.
 */
export async function loadCardHolder(o: { auth: AuthUser; personId: string; kind: CardHolderKind }): Promise<CardHolder> {
  if (o.kind === 'legacy') return (await import('./legacy-card-holder.ts')).legacyCardHolder(o);
  return v2CardHolder(o);
}
