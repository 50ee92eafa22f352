import * as z from 'zod';
import { defineRoute } from '../define.ts';
import { systemStatusSchema } from '../../schemas/system.ts';

export const health = defineRoute({
  name: 'health',
  method: 'GET',
  path: '/api/health',
  access: 'public',
  output: z.object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    table: z.boolean(),
  }),
});

/** The admins' Systemstatus screen: what is set up (wallets, public address, alarm e-mail), never a secret. */
export const systemStatus = defineRoute({
  name: 'systemStatus',
  method: 'GET',
  path: '/api/system/status',
  access: 'admin',
  output: systemStatusSchema,
});
