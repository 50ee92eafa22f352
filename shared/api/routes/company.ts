import * as z from 'zod/mini';
import { defineRoute } from '../define.ts';
import { images, storedPasses } from '../needs.ts';
import {
  cardCountsSchema, companyIdParams, companySchema, createCompanySchema, updateCompanySchema,
} from '../../schemas/company.ts';

export const companyCreate = defineRoute({
  name: 'companyCreate', method: 'POST', path: '/api/card/company', access: 'admin',
  handler: 'functions/handlers/company/company-create.ts',
  needs: { table: 'readWrite' },
  body: createCompanySchema, output: companySchema,
});

/** Admins: every company; company users: the companies they are assigned to. Sorted by org. */
export const companyList = defineRoute({
  name: 'companyList', method: 'GET', path: '/api/card/company', access: 'user',
  handler: 'functions/handlers/company/company-list.ts',
  needs: { table: 'read' },
  output: z.array(companySchema),
});

export const companyGet = defineRoute({
  name: 'companyGet', method: 'GET', path: '/api/card/company/{id}', access: 'user',
  handler: 'functions/handlers/company/company-get.ts',
  needs: { table: 'read' },
  params: companyIdParams, output: companySchema,
});

/** Company users may change org and lang; only admins change display and the assigned users. */
export const companyUpdate = defineRoute({
  name: 'companyUpdate', method: 'PATCH', path: '/api/card/company/{id}', access: 'user',
  handler: 'functions/handlers/company/company-update.ts',
  needs: { table: 'readWrite' },
  params: companyIdParams, body: updateCompanySchema, output: companySchema,
});

/** Removes the company and everything it owns; safe to repeat. */
export const companyDelete = defineRoute({
  name: 'companyDelete', method: 'DELETE', path: '/api/card/company/{id}', access: 'admin',
  handler: 'functions/handlers/company/company-delete.ts',
  // Its OpenID client secret (issue 26) and its cards' stored passes go with it.
  needs: { table: 'readWrite', objects: [images.readWrite, storedPasses.remove], queues: ['invalidation'], oidcClientSecrets: 'readWrite' },
  params: companyIdParams, output: z.object({ id: z.string() }),
});

export const companyActiveCardCount = defineRoute({
  name: 'companyActiveCardCount', method: 'GET', path: '/api/card/company/{id}/active-card-count', access: 'user',
  handler: 'functions/handlers/company/company-active-card-count.ts',
  needs: { table: 'read' },
  params: companyIdParams, output: cardCountsSchema,
});
