import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import type { Person } from '../../../shared/schemas/person.ts';
import { getPersonItem } from './person-item.ts';

/** One card; another company's card answers 404 like a missing one. */
export async function getPerson(o: { auth: AuthUser; personId: string }): Promise<Person> {
  const person = await getPersonItem(o.personId);
  requireCompanyAccess(o.auth, person?.companyId, personMessages.errors.notFound);
  return person!;
}
