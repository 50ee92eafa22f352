import { defineRoute } from '../define.ts';
import { uploadCompanyParams, uploadFileParams, uploadResultSchema } from '../../schemas/upload.ts';
import { cardIdParams } from '../../schemas/card.ts';

/** multipart/form-data with the file in the field `image`; `{id}` is the company the image belongs to. */
export const uploadCreate = defineRoute({
  name: 'uploadCreate', method: 'POST', path: '/api/upload/{id}', access: 'user',
  params: uploadCompanyParams, bodyKind: 'multipart', output: uploadResultSchema,
});

/** Public: card pages and wallet passes show these images. Long-lived, immutable cache headers. */
export const uploadGet = defineRoute({
  name: 'uploadGet', method: 'GET', path: '/api/upload/{field}/{filename}', access: 'public',
  params: uploadFileParams,
});

/**
 * The card's virtual background for video calls (PNG, 1920x1080), made by the image pipeline on
 * request (issue 28). In this area because it is the one function that carries libvips and the font.
 */
export const cardBackground = defineRoute({
  name: 'cardBackground', method: 'GET', path: '/api/card/company/person/{id}/background', access: 'user',
  params: cardIdParams,
});
