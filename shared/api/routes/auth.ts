import * as z from 'zod/mini';
import { defineRoute } from '../define.ts';
import { loginSchema, publicUserSchema } from '../../schemas/user.ts';

export const authLogin = defineRoute({
  name: 'authLogin', method: 'POST', path: '/api/auth', access: 'public',
  handler: 'functions/handlers/auth/auth-login.ts',
  needs: { table: 'readWrite' },
  // Sign-in hashes with scrypt (32 MiB, ~100 ms): the ceiling bounds that work, far above what the
  // WAF lets one address send (100 in 5 minutes); guessing is throttled per account in the handler.
  throttle: { rateLimit: 100, burstLimit: 200 },
  body: loginSchema,
  /** `device`: a new id for this browser (keep it and send it with the next sign-in); absent when the sent one stays. */
  output: z.object({ token: z.string(), device: z.optional(z.string()) }),
});

export const authSession = defineRoute({
  name: 'authSession', method: 'GET', path: '/api/auth', access: 'user',
  handler: 'functions/handlers/auth/auth-session.ts',
  needs: { table: 'read' },
  output: publicUserSchema,
});

/** Logout: ends every session of the caller (their token version goes up). */
export const authLogout = defineRoute({
  name: 'authLogout', method: 'DELETE', path: '/api/auth', access: 'user',
  handler: 'functions/handlers/auth/auth-logout.ts',
  needs: { table: 'readWrite' },
  output: z.object({ ok: z.literal(true) }),
});
