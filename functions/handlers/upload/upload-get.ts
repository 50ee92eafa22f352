import { uploadGet } from '../../../shared/api/routes/upload.ts';
import { createHandler, fileResult } from '../../lib/http.ts';
import { readUpload } from '../../domain/uploads/read-upload.ts';

export const handler = createHandler(uploadGet, async ({ params }) => {
  const file = await readUpload({ filename: params.filename });
  return fileResult(file.contentType, file.body, {
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  });
});
