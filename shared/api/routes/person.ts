import * as z from 'zod';
import { defineRoute } from '../define.ts';
import {
  cardCountQuery, cardCountSchema, createPersonSchema, personIdParams, personListQuery, personPageSchema,
  personSchema, profileIdParams, updatePersonSchema,
} from '../../schemas/person.ts';

export const personCreate = defineRoute({
  name: 'personCreate', method: 'POST', path: '/api/card/company/person', access: 'user',
  body: createPersonSchema, output: personSchema,
});

/** Cards per profile of one company, read from the profiles' counters. */
export const personCardCount = defineRoute({
  name: 'personCardCount', method: 'GET', path: '/api/card/company/person/cardcount', access: 'user',
  query: cardCountQuery, output: cardCountSchema,
});

export const personListByProfile = defineRoute({
  name: 'personListByProfile', method: 'GET', path: '/api/card/company/person/all/{profileId}', access: 'user',
  params: profileIdParams, query: personListQuery, output: personPageSchema,
});

export const personGet = defineRoute({
  name: 'personGet', method: 'GET', path: '/api/card/company/person/{id}', access: 'user',
  params: personIdParams, output: personSchema,
});

export const personUpdate = defineRoute({
  name: 'personUpdate', method: 'PATCH', path: '/api/card/company/person/{id}', access: 'user',
  params: personIdParams, body: updatePersonSchema, output: personSchema,
});

export const personDelete = defineRoute({
  name: 'personDelete', method: 'DELETE', path: '/api/card/company/person/{id}', access: 'user',
  params: personIdParams, output: z.object({ id: z.string() }),
});
