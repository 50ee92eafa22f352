import { scimMessages } from '../../../shared/messages/scim.ts';
import { ScimError } from './scim-error.ts';

export type ScimFilter = { attr: 'userName' | 'externalId' | 'id'; value: string };

const FILTER = /^\s*(userName|externalId|id)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/** The filters Entra ID and Okta send for matching (RFC 7644 section 3.4.2.2, `eq` on a match key); anything else is 400 invalidFilter. */
export function parseFilter(filter: string | undefined): ScimFilter | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const m = FILTER.exec(filter);
  if (!m || filter.length > 1000) throw new ScimError(400, scimMessages.invalidFilter, 'invalidFilter');
  const attr = m[1]!.toLowerCase() === 'username' ? 'userName' : m[1]!.toLowerCase() === 'externalid' ? 'externalId' : 'id';
  return { attr, value: JSON.parse(`"${m[2]!}"`) as string };
}
