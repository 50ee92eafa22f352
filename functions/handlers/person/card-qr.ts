import { cardQr } from '../../../shared/api/routes/person.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { createHandler, fileResult } from '../../lib/http.ts';
import { cardQr as buildCardQr } from '../../domain/cards/card-qr.ts';

/** Signed in; a download named after the person. */
export const handler = createHandler(cardQr, async ({ auth, params }) => {
  const { fileName, svg } = await buildCardQr({ auth, personId: params.id });
  return fileResult('image/svg+xml; charset=utf-8', svg, {
    'content-disposition': attachment(fileName),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
});
