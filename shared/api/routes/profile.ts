import * as z from 'zod/mini';
import { defineRoute } from '../define.ts';
import {
  createProfileSchema, profileCompanyParams, profileIdParams, profileSchema, updateProfileSchema,
} from '../../schemas/profile.ts';

export const profileCreate = defineRoute({
  name: 'profileCreate', method: 'POST', path: '/api/card/company/profil', access: 'user',
  handler: 'functions/handlers/profile/profile-create.ts',
  needs: { table: 'readWrite' },
  body: createProfileSchema, output: profileSchema,
});

export const profileList = defineRoute({
  name: 'profileList', method: 'GET', path: '/api/card/company/profil/all/{companyId}', access: 'user',
  handler: 'functions/handlers/profile/profile-list.ts',
  needs: { table: 'read' },
  params: profileCompanyParams, output: z.array(profileSchema),
});

export const profileGet = defineRoute({
  name: 'profileGet', method: 'GET', path: '/api/card/company/profil/{id}', access: 'user',
  handler: 'functions/handlers/profile/profile-get.ts',
  needs: { table: 'read' },
  params: profileIdParams, output: profileSchema,
});

/** Replaces the profile's content (the form sends the whole profile). */
export const profileUpdate = defineRoute({
  name: 'profileUpdate', method: 'PATCH', path: '/api/card/company/profil/{id}', access: 'user',
  handler: 'functions/handlers/profile/profile-update.ts',
  needs: { table: 'readWrite' },
  params: profileIdParams, body: updateProfileSchema, output: profileSchema,
});

/** Refused (409) while the profile has cards or is its company's only profile. */
export const profileDelete = defineRoute({
  name: 'profileDelete', method: 'DELETE', path: '/api/card/company/profil/{id}', access: 'user',
  handler: 'functions/handlers/profile/profile-delete.ts',
  needs: { table: 'readWrite' },
  params: profileIdParams, output: z.object({ id: z.string() }),
});
