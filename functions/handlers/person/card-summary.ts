import { cardSummary } from '../../../shared/api/routes/person.ts';
import { createHandler } from '../../lib/http.ts';
import { describeCard } from '../../domain/cards/describe-card.ts';

export const handler = createHandler(cardSummary, ({ auth, params }) => describeCard({ auth, id: params.id }));
