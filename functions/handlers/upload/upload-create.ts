import { uploadCreate } from '../../../shared/api/routes/upload.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import { uploadMessages } from '../../../shared/messages/upload.ts';
import { uploadLimits } from '../../../shared/schemas/upload.ts';
import { createHandler, rawBody } from '../../lib/http.ts';
import { PayloadTooLargeError, UnsupportedTypeError, ValidationError } from '../../lib/errors.ts';
import { multipartBoundary, parseMultipart } from '../../lib/multipart.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import { saveUpload } from '../../domain/uploads/save-upload.ts';

/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024;

export const handler = createHandler(uploadCreate, ({ auth, params, event }) => {
  // Another tenant's company looks missing before a single byte is looked at.
  requireCompanyAccess(auth, params.id, companyMessages.notFound);
  const boundary = multipartBoundary(event.headers?.['content-type'] ?? event.headers?.['Content-Type']);
  if (!boundary) throw new UnsupportedTypeError(uploadMessages.notMultipart);
  const body = rawBody(event);
  if (body.length > uploadLimits.maxBytes + FRAMING_BYTES) {
    throw new PayloadTooLargeError(uploadMessages.tooLarge.replace('{mb}', String(uploadLimits.maxBytes / 1024 / 1024)));
  }
  const file = parseMultipart(body, boundary)?.find((p) => p.name === 'image');
  if (!file || file.data.length === 0) throw new ValidationError(uploadMessages.missingFile, { image: uploadMessages.missingFile });
  return saveUpload({ auth, companyId: params.id, data: file.data });
});
