import { vcardCompanyCreate } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { createVcardCompany } from '../../domain/legacy/create-company.ts';

export const handler = createHandler(vcardCompanyCreate, ({ body }) => createVcardCompany({ input: body }));
