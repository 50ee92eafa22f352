import { authLogin } from '../../../shared/api/routes/auth.ts';
import { createHandler } from '../../lib/http.ts';
import { signIn } from '../../domain/auth/sign-in.ts';

export const handler = createHandler(authLogin, ({ body, sourceIp }) =>
  signIn({ username: body.username, password: body.password, ip: sourceIp, device: body.device }));
