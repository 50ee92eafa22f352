import { authSsoFinish } from '../../../shared/api/routes/sso.ts';
import { createHandler } from '../../lib/http.ts';
import { finishSso } from '../../domain/sso/finish-sso.ts';

export const handler = createHandler(authSsoFinish, ({ body }) => finishSso({ code: body.code, state: body.state }));
