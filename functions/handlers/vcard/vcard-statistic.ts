import { vcardStatistic } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { getVcardStatistic } from '../../domain/legacy/get-statistic.ts';

export const handler = createHandler(vcardStatistic, ({ params }) => getVcardStatistic({ personId: params.id }));
