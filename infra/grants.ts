import type { RouteDef } from '../shared/api/define.ts';

export interface FunctionNeeds {
  table: 'read' | 'readWrite';
  uploads?: 'read' | 'readWrite';
  /** Reads the token signing secret (every route that signs or verifies a token). */
  authSecret: boolean;
}

// Routes whose needs differ from what their method and access imply.
const overrides: Record<string, Partial<FunctionNeeds>> = {
  authLogin: { table: 'readWrite', authSecret: true },
  // Deleting a company deletes its uploaded files too.
  companyDelete: { uploads: 'readWrite' },
};

/** Least privilege per function: reads for GET, writes only where the route changes data. */
export function needsOf(route: RouteDef): FunctionNeeds {
  const base: FunctionNeeds = {
    table: route.method === 'GET' ? 'read' : 'readWrite',
    authSecret: route.access !== 'public',
  };
  if (route.path.startsWith('/api/upload')) base.uploads = route.method === 'GET' ? 'read' : 'readWrite';
  return { ...base, ...overrides[route.name] };
}
