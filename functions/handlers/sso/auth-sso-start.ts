import { authSsoStart } from '../../../shared/api/routes/sso.ts';
import { createHandler } from '../../lib/http.ts';
import { startSso } from '../../domain/sso/start-sso.ts';

export const handler = createHandler(authSsoStart, ({ body }) => startSso({ email: body.email, weiter: body.weiter }));
