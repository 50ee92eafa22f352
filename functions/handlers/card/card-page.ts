import { cardPage } from '../../../shared/api/routes/card.ts';
import { cdnCached, createHandler } from '../../lib/http.ts';
import { cardPageWithoutCard, getCardPage } from '../../domain/cards/get-card-page.ts';

/** Public; cached and invalidated like the card JSON it carries; any failure is the one not-found page. */
export const handler = createHandler(cardPage, ({ params }) => getCardPage({ personId: params.id }), { ...cdnCached, failureHtml: cardPageWithoutCard });
