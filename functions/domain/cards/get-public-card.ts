import type { PublicCardAnswer } from '../../../shared/schemas/card.ts';
import { readCard } from './read-card.ts';
import { toPublicCard } from './public-card.ts';

/** `GET /api/card/{id}`: the active card as the public page shows it; reads only, no token. */
export async function getPublicCard(o: { personId: string }): Promise<PublicCardAnswer> {
  return toPublicCard(await readCard(o));
}
