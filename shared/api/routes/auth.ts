import * as z from 'zod';
import { defineRoute } from '../define.ts';
import { loginSchema, publicUserSchema } from '../../schemas/user.ts';

export const authLogin = defineRoute({
  name: 'authLogin', method: 'POST', path: '/api/auth', access: 'public',
  body: loginSchema,
  /** `device`: a new id for this browser (keep it and send it with the next sign-in); absent when the sent one stays. */
  output: z.object({ token: z.string(), device: z.string().optional() }),
});

export const authSession = defineRoute({
  name: 'authSession', method: 'GET', path: '/api/auth', access: 'user',
  output: publicUserSchema,
});

/** Logout: ends every session of the caller (their token version goes up). */
export const authLogout = defineRoute({
  name: 'authLogout', method: 'DELETE', path: '/api/auth', access: 'user',
  output: z.object({ ok: z.literal(true) }),
});
