// Route loaders of the session guard. The check (API client, schemas, zod) loads on demand,
// so public pages such as the card keep a small entry chunk.
import type { LoaderFunctionArgs } from 'react-router';

export const requireSession = async ({ request }: Pick<LoaderFunctionArgs, 'request'>) => (await import('./session-check.ts')).requireSession(request);
export const requireAdmin = async ({ request }: Pick<LoaderFunctionArgs, 'request'>) => (await import('./session-check.ts')).requireAdmin(request);
