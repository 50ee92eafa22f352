import { vcardPersonListByCompany } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { listVcardPersonsOfCompany } from '../../domain/legacy/list-persons.ts';

export const handler = createHandler(vcardPersonListByCompany, ({ params }) => listVcardPersonsOfCompany({ companyId: params.companyId }));
