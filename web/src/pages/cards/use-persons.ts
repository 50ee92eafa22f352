import { useCallback, useEffect, useState } from 'react';
import { personListByProfile } from '../../../../shared/api/routes/person.ts';
import type { Person } from '../../../../shared/schemas/person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import type { ApiResult } from '../../api/client.ts';
import { showError } from '../../toast.tsx';

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

/** Spec §4: the persons of the selected company are the persons of its profiles. Null while loading. */
export function usePersons(profileIds: readonly string[] | null): { persons: Person[] | null; reload: () => void } {
  // Remembers which profiles the list belongs to, so another company's cards never flash up.
  const [loaded, setLoaded] = useState<{ key: string; persons: Person[] } | null>(null);
  const [round, setRound] = useState(0);
  const key = profileIds?.join(',') ?? null;

  useEffect(() => {
    if (key === null) return;
    let current = true;
    const ids = key ? key.split(',') : [];
    void Promise.all(ids.map(personsOf)).then((results) => {
      if (!current) return;
      const failed = results.find((r) => !r.data);
      if (failed) showError(failed.errorMessage ?? msg.errors.generic);
      setLoaded({ key, persons: results.flatMap((r) => r.data ?? []) });
    });
    return () => {
      current = false;
    };
  }, [key, round]);

  const persons = loaded && loaded.key === key ? loaded.persons : null;
  return { persons, reload: useCallback(() => setRound((r) => r + 1), []) };
}
