import { cardVcard } from '../../../shared/api/routes/card.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { cdnCached, createHandler, fileResult } from '../../lib/http.ts';
import { cardVcard as buildCardVcard } from '../../domain/cards/card-vcard.ts';

/** Public; cached like the card JSON (invalidated with it). */
export const handler = createHandler(cardVcard, async ({ params }) => {
  const { fileName, vcard } = await buildCardVcard({ personId: params.id });
  return fileResult('text/vcard; charset=utf-8', vcard, { 'content-disposition': attachment(fileName) });
}, cdnCached);
