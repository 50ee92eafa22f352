import * as z from 'zod';
import { defineRoute } from '../define.ts';
import {
  createProfileSchema, profileCompanyParams, profileIdParams, profileSchema, updateProfileSchema,
} from '../../schemas/profile.ts';

export const profileCreate = defineRoute({
  name: 'profileCreate', method: 'POST', path: '/api/card/company/profil', access: 'user',
  body: createProfileSchema, output: profileSchema,
});

export const profileList = defineRoute({
  name: 'profileList', method: 'GET', path: '/api/card/company/profil/all/{companyId}', access: 'user',
  params: profileCompanyParams, output: z.array(profileSchema),
});

export const profileGet = defineRoute({
  name: 'profileGet', method: 'GET', path: '/api/card/company/profil/{id}', access: 'user',
  params: profileIdParams, output: profileSchema,
});

/** Replaces the profile's content (the form sends the whole profile). */
export const profileUpdate = defineRoute({
  name: 'profileUpdate', method: 'PATCH', path: '/api/card/company/profil/{id}', access: 'user',
  params: profileIdParams, body: updateProfileSchema, output: profileSchema,
});

/** Refused (409) while the profile has cards or is its company's only profile. */
export const profileDelete = defineRoute({
  name: 'profileDelete', method: 'DELETE', path: '/api/card/company/profil/{id}', access: 'user',
  params: profileIdParams, output: z.object({ id: z.string() }),
});
