import { defineRoute } from '../define.ts';
import { exportCompanyParams, exportCreditParams, exportFormatQuery } from '../../schemas/export.ts';
import { contactExportQuery } from '../../schemas/contact.ts';
import { auditExportQuery } from '../../schemas/audit.ts';

// Table exports: CSV by default (German Excel: BOM, semicolons), XLSX for `?format=xlsx`. An area of
// their own, so the XLSX writer is bundled only into this function (docs/decisions.md "XLSX").

/** Table exports of up to 10,000 cards: bench `exports`. */
const exportRun = { memoryMb: 1024, timeoutSeconds: 20 };

/** Every card holder of a company (admin; spec §7). */
export const personExport = defineRoute({
  name: 'personExport', method: 'GET', path: '/api/v2/admin/company/{companyId}/export', access: 'admin',
  handler: 'functions/handlers/exports/person-export.ts',
  needs: { table: 'read' },
  lambda: exportRun,
  params: exportCompanyParams, query: exportFormatQuery,
});

/** A company's credit history, newest first (its users and admins, like the history list). */
export const creditHistoryExport = defineRoute({
  name: 'creditHistoryExport', method: 'GET', path: '/api/card/company/credit/history/{id}/export', access: 'user',
  handler: 'functions/handlers/exports/credit-history-export.ts',
  needs: { table: 'read' },
  lambda: exportRun,
  params: exportCreditParams, query: exportFormatQuery,
});

/** The admin statistics table: per company and month of the last 12, credits added and used, activations. */
export const creditStatisticsExport = defineRoute({
  name: 'creditStatisticsExport', method: 'GET', path: '/api/card/company/credit/statistics/export', access: 'admin',
  handler: 'functions/handlers/exports/credit-statistics-export.ts',
  needs: { table: 'read' },
  lambda: exportRun,
  query: exportFormatQuery,
});

/** A company's statistics table: per card, views and saves per month of the last 12 (needs the statistik flag). */
export const statisticCompanyExport = defineRoute({
  name: 'statisticCompanyExport', method: 'GET', path: '/api/card/statistic/company/{companyId}/export', access: 'user',
  handler: 'functions/handlers/exports/statistic-company-export.ts',
  needs: { table: 'read' },
  lambda: exportRun,
  params: exportCompanyParams, query: exportFormatQuery,
});

/** A company's contacts left on its cards (or one card's with `personId`), newest first ("Kontakte", issue 28). */
export const contactExport = defineRoute({
  name: 'contactExport', method: 'GET', path: '/api/card/company/contact/export', access: 'user',
  handler: 'functions/handlers/exports/contact-export.ts',
  needs: { table: 'read' },
  query: contactExportQuery,
});

/** The audit log with the list's filters, newest first (company users: one of their companies). */
export const auditExport = defineRoute({
  name: 'auditExport', method: 'GET', path: '/api/audit/export', access: 'user',
  handler: 'functions/handlers/exports/audit-export.ts',
  needs: { table: 'read' },
  query: auditExportQuery,
});
