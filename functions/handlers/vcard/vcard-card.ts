import { vcardCard } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { getVcardCard } from '../../domain/legacy/get-card.ts';

export const handler = createHandler(vcardCard, ({ params }) => getVcardCard({ personId: params.id }));
