import { vcardPersonGet } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { requireVcardPerson, withViews } from '../../domain/legacy/person-item.ts';

export const handler = createHandler(vcardPersonGet, async ({ params }) => (await withViews([await requireVcardPerson(params.id)]))[0]!);
