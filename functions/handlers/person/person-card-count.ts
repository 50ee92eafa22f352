import { personCardCount } from '../../../shared/api/routes/person.ts';
import { createHandler } from '../../lib/http.ts';
import { countCards } from '../../domain/cards/count-cards.ts';

export const handler = createHandler(personCardCount, ({ auth, query }) => countCards({ auth, companyId: query.companyId }));
