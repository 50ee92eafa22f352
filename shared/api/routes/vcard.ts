import * as z from 'zod/mini';
import { defineRoute } from '../define.ts';
import { storedPasses } from '../needs.ts';
import {
  createVcardCompanySchema, updateVcardCompanySchema, vcardCompanySchema,
} from '../../schemas/vcard-company.ts';
import {
  createVcardPersonSchema, updateVcardPersonSchema, vcardCardSchema, vcardPersonCompanyParams, vcardPersonSchema, vcardStatisticSchema,
} from '../../schemas/vcard-person.ts';
import { updateVcardSettingsSchema, vcardIdParams, vcardSettingsOutput } from '../../schemas/vcard-settings.ts';

// The legacy vcard area (spec §7 `vcard/...`). The spec assigns no users to legacy companies, so
// every route is admin-only (docs/decisions.md). Names start with `vcard`, paths with /api/vcard/,
// so nothing collides with the V2 company and person routes.

export const vcardCompanyCreate = defineRoute({
  name: 'vcardCompanyCreate', method: 'POST', path: '/api/vcard/company', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-company-create.ts',
  needs: { table: 'readWrite' },
  body: createVcardCompanySchema, output: vcardCompanySchema,
});

/** Every legacy company, sorted by org. */
export const vcardCompanyList = defineRoute({
  name: 'vcardCompanyList', method: 'GET', path: '/api/vcard/company', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-company-list.ts',
  needs: { table: 'read' },
  output: z.array(vcardCompanySchema),
});

export const vcardCompanyGet = defineRoute({
  name: 'vcardCompanyGet', method: 'GET', path: '/api/vcard/company/{id}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-company-get.ts',
  needs: { table: 'read' },
  params: vcardIdParams, output: vcardCompanySchema,
});

export const vcardCompanyUpdate = defineRoute({
  name: 'vcardCompanyUpdate', method: 'PATCH', path: '/api/vcard/company/{id}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-company-update.ts',
  needs: { table: 'readWrite' },
  params: vcardIdParams, body: updateVcardCompanySchema, output: vcardCompanySchema,
});

/** Removes the company with its persons and settings; safe to repeat after an interruption. */
export const vcardCompanyDelete = defineRoute({
  name: 'vcardCompanyDelete', method: 'DELETE', path: '/api/vcard/company/{id}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-company-delete.ts',
  needs: { table: 'readWrite', objects: [storedPasses.remove], queues: ['invalidation'] },
  params: vcardIdParams, output: z.object({ id: z.string() }),
});

/** The company's settings (by company id); the legacy defaults when never saved. */
export const vcardSettingsGet = defineRoute({
  name: 'vcardSettingsGet', method: 'GET', path: '/api/vcard/company/settings/{id}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-settings-get.ts',
  needs: { table: 'read' },
  params: vcardIdParams, output: vcardSettingsOutput,
});

export const vcardSettingsUpdate = defineRoute({
  name: 'vcardSettingsUpdate', method: 'PATCH', path: '/api/vcard/company/settings/{id}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-settings-update.ts',
  needs: { table: 'readWrite' },
  params: vcardIdParams, body: updateVcardSettingsSchema, output: vcardSettingsOutput,
});

export const vcardPersonCreate = defineRoute({
  name: 'vcardPersonCreate', method: 'POST', path: '/api/vcard/person', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-person-create.ts',
  needs: { table: 'readWrite' },
  body: createVcardPersonSchema, output: vcardPersonSchema,
});

/** Every legacy person, sorted by last and first name. */
export const vcardPersonList = defineRoute({
  name: 'vcardPersonList', method: 'GET', path: '/api/vcard/person', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-person-list.ts',
  needs: { table: 'read' },
  output: z.array(vcardPersonSchema),
});

export const vcardPersonGet = defineRoute({
  name: 'vcardPersonGet', method: 'GET', path: '/api/vcard/person/{id}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-person-get.ts',
  needs: { table: 'read' },
  params: vcardIdParams, output: vcardPersonSchema,
});

export const vcardPersonUpdate = defineRoute({
  name: 'vcardPersonUpdate', method: 'PATCH', path: '/api/vcard/person/{id}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-person-update.ts',
  needs: { table: 'readWrite' },
  params: vcardIdParams, body: updateVcardPersonSchema, output: vcardPersonSchema,
});

export const vcardPersonDelete = defineRoute({
  name: 'vcardPersonDelete', method: 'DELETE', path: '/api/vcard/person/{id}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-person-delete.ts',
  needs: { table: 'readWrite' },
  params: vcardIdParams, output: z.object({ id: z.string() }),
});

export const vcardPersonListByCompany = defineRoute({
  name: 'vcardPersonListByCompany', method: 'GET', path: '/api/vcard/person/company/{companyId}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-person-list-by-company.ts',
  needs: { table: 'read' },
  params: vcardPersonCompanyParams, output: z.array(vcardPersonSchema),
});

/** Card data by person id: the person with its company and settings (test screen). */
export const vcardCard = defineRoute({
  name: 'vcardCard', method: 'GET', path: '/api/vcard/{id}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-card.ts',
  needs: { table: 'read' },
  params: vcardIdParams, output: vcardCardSchema,
});

/** A legacy person's views: total, per year and per day (the same counters as every card). */
export const vcardStatistic = defineRoute({
  name: 'vcardStatistic', method: 'GET', path: '/api/vcard/statistic/{id}', access: 'admin',
  handler: 'functions/handlers/vcard/vcard-statistic.ts',
  needs: { table: 'read' },
  params: vcardIdParams, output: vcardStatisticSchema,
});
