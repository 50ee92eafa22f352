import { defineRoute } from '../define.ts';
import { images } from '../needs.ts';
import { cardIdParams, publicCardSchema } from '../../schemas/card.ts';

// The public card. `/api/card/{id}` and `/api/card/{id}/vcard` are public and kept by the CDN
// (a CloudFront behaviour without Authorization in its key, honouring the origin's cache-control;
// every change that alters a card invalidates both paths). The QR route lives under
// `/api/card/company/`, whose behaviour stays private (Authorization in the key, no caching).

/** What the public page `/c/:id` shows: exactly the card, nothing private. No token is read, nothing written. */
export const cardGet = defineRoute({
  name: 'cardGet', method: 'GET', path: '/api/card/{id}', access: 'public',
  handler: 'functions/handlers/card/card-get.ts',
  needs: { table: 'read' },
  cdn: 'shared',
  params: cardIdParams, output: publicCardSchema,
});
/** 'Kontakt speichern': the card as a vCard 3.0 file. */
export const cardVcard = defineRoute({
  name: 'cardVcard', method: 'GET', path: '/api/card/{id}/vcard', access: 'public',
  handler: 'functions/handlers/card/card-vcard.ts',
  needs: { table: 'read', objects: [images.read] },
  cdn: 'shared',
  params: cardIdParams,
});

/** QR code (SVG) of the card's public address, for the card overview; own company or admin. */
export const cardQr = defineRoute({
  name: 'cardQr', method: 'GET', path: '/api/card/company/person/{id}/qr', access: 'user',
  handler: 'functions/handlers/card/card-qr.ts',
  needs: { table: 'read' },
  params: cardIdParams,
});
