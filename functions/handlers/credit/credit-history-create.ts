import { creditHistoryCreate } from '../../../shared/api/routes/credit.ts';
import { createHandler } from '../../lib/http.ts';
import { addCreditEntry } from '../../domain/credits/add-credit-entry.ts';

export const handler = createHandler(creditHistoryCreate, ({ auth, body }) => addCreditEntry({ auth, input: body }));
