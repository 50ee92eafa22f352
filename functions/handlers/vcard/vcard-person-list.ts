import { vcardPersonList } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { listVcardPersons } from '../../domain/legacy/list-persons.ts';

export const handler = createHandler(vcardPersonList, () => listVcardPersons());
