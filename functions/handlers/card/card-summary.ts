import { cardSummary } from '../../../shared/api/routes/card.ts';
import { createHandler } from '../../lib/http.ts';
import { describeCard } from '../../domain/cards/describe-card.ts';

export const handler = createHandler(cardSummary, ({ auth, params }) => describeCard({ auth, id: params.id }));
