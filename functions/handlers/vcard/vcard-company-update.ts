import { vcardCompanyUpdate } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { updateVcardCompany } from '../../domain/legacy/update-company.ts';

export const handler = createHandler(vcardCompanyUpdate, ({ params, body }) => updateVcardCompany({ companyId: params.id, changes: body }));
