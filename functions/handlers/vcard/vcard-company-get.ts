import { vcardCompanyGet } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { requireVcardCompany, toVcardCompany } from '../../domain/legacy/company-item.ts';

export const handler = createHandler(vcardCompanyGet, async ({ params }) => toVcardCompany(await requireVcardCompany(params.id)));
