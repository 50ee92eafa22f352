import * as z from 'zod';
import { defineRoute } from '../define.ts';

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

