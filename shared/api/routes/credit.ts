import { defineRoute } from '../define.ts';
import {
  companyCreditSchema, createCreditEntrySchema, creditCompanyParams, creditEntrySchema, creditHistoryPageSchema,
  creditHistoryQuery, creditStatisticsSchema,
} from '../../schemas/credit.ts';

/** A company's balance with its card counts and remaining months; its users and admins. */
export const creditGet = defineRoute({
  name: 'creditGet', method: 'GET', path: '/api/card/company/credit/{id}', access: 'user',
  handler: 'functions/handlers/credit/credit-get.ts',
  needs: { table: 'read' },
  params: creditCompanyParams, output: companyCreditSchema,
});

/** A manual entry (positive or negative); the server sets createdAt and createdBy. */
export const creditHistoryCreate = defineRoute({
  name: 'creditHistoryCreate', method: 'POST', path: '/api/card/company/credit/history', access: 'admin',
  handler: 'functions/handlers/credit/credit-history-create.ts',
  needs: { table: 'readWrite' },
  body: createCreditEntrySchema, output: creditEntrySchema,
});

/** Per month of the last 12: credits added, used (activations, monthly fee), activations; per company and in total. */
export const creditStatistics = defineRoute({
  name: 'creditStatistics', method: 'GET', path: '/api/card/company/credit/history/statistics', access: 'admin',
  handler: 'functions/handlers/credit/credit-statistics.ts',
  needs: { table: 'read' },
  output: creditStatisticsSchema,
});

/** A company's entries, newest first, in pages. */
export const creditHistoryList = defineRoute({
  name: 'creditHistoryList', method: 'GET', path: '/api/card/company/credit/history/{id}', access: 'user',
  handler: 'functions/handlers/credit/credit-history-list.ts',
  needs: { table: 'read' },
  params: creditCompanyParams, query: creditHistoryQuery, output: creditHistoryPageSchema,
});
