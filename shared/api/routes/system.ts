import * as z from 'zod/mini';
import { defineRoute } from '../define.ts';

export const health = defineRoute({
  name: 'health',
  handler: 'functions/handlers/system/health.ts',
  needs: { table: 'read' },
  method: 'GET',
  path: '/api/health',
  access: 'public',
  output: z.object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    table: z.boolean(),
  }),
});

