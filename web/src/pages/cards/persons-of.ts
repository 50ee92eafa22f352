import { personListByProfile } from '../../../../shared/api/routes/person.ts';
import type { Person } from '../../../../shared/schemas/person.ts';
import { call } from '../../api/client.ts';
import type { ApiResult } from '../../api/client.ts';

/** Every card of one profile: the list comes in pages, followed until the last. Null data on an error. */
export async function personsOf(profileId: string): Promise<ApiResult<Person[]>> {
  const persons: Person[] = [];
  let cursor: string | undefined;
  do {
    const res = await call(personListByProfile, { params: { profileId }, query: { cursor } });
    if (!res.data) return { data: null, errorMessage: res.errorMessage, statusCode: res.statusCode };
    persons.push(...res.data.items);
    cursor = res.data.nextCursor;
  } while (cursor);
  return { data: persons, errorMessage: null, statusCode: 200 };
}
