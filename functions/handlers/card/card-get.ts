import { cardGet } from '../../../shared/api/routes/public-card.ts';
import { cdnCached, createHandler } from '../../lib/http.ts';
import { getPublicCard } from '../../domain/cards/get-public-card.ts';

/** Public; kept by the CDN until a change invalidates it, revalidated by browsers (ETag, 304). */
export const handler = createHandler(cardGet, ({ params }) => getPublicCard({ personId: params.id }), cdnCached);
