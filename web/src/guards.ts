// Route loaders of the session guard. The check (API client, schemas, zod) loads on demand,
// so public pages such as the card keep a small entry chunk.
export const requireSession = async () => (await import('./session-check.ts')).requireSession();
export const requireAdmin = async () => (await import('./session-check.ts')).requireAdmin();
