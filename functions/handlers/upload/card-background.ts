import { cardBackground } from '../../../shared/api/routes/upload.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { createHandler, fileResult } from '../../lib/http.ts';
import { virtualBackground } from '../../domain/cards/virtual-background.ts';

/** A download (attachment); made per request, so not cached. */
export const handler = createHandler(cardBackground, async ({ auth, params }) => {
  const { fileName, png } = await virtualBackground({ auth, personId: params.id });
  return fileResult('image/png', png, { 'content-disposition': attachment(fileName), 'cache-control': 'private, no-store' });
});
