import { defineRoute } from '../define.ts';
import { images } from '../needs.ts';
import { cardIdParams, publicCardSchema } from '../../schemas/card.ts';

// The public card. `/api/card/{id}` and `/api/card/{id}/vcard` are public and kept by the CDN
// (a CloudFront behaviour without Authorization in its key, honouring the origin's cache-control;
// every change that alters a card invalidates both paths). The QR route lives under
// `/api/card/company/`, whose behaviour stays private (Authorization in the key, no caching).

/**
 * The public page itself, `/c/{id}` (not under /api/): the web build's card.html with exactly the
 * JSON of `cardGet` inside, so the page draws the card without a request of its own (issue 20).
 * Cached and invalidated with `cardGet`; every path under `/c/` reaches it (shared/edge-functions.ts
 * cardPagePath), and every id without an active card gets the same 404 page.
 */
export const cardPage = defineRoute({
  name: 'cardPage', method: 'GET', path: '/c/{id}', access: 'public',
  handler: 'functions/handlers/card/card-page.ts',
  needs: { table: 'read' },
  cdn: 'shared',
  params: cardIdParams,
});
/** 'Kontakt speichern': the card as a vCard 3.0 file. */
export const cardVcard = defineRoute({
  name: 'cardVcard', method: 'GET', path: '/api/card/{id}/vcard', access: 'public',
  handler: 'functions/handlers/card/card-vcard.ts',
  needs: { table: 'read', objects: [images.read] },
  cdn: 'shared',
  params: cardIdParams,
});
