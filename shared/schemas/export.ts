import * as z from 'zod/mini';
import { exportMessages } from '../messages/export.ts';
import { idSchema } from './common.ts';

/** File formats of the table exports: CSV (the default, spec §7) or XLSX. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

const format = z._default(z.enum(exportFormats, { error: () => exportMessages.errors.format }), 'csv');

/** `?format=xlsx`; without it CSV. */
export const exportFormatQuery = z.object({ format });
export const exportCompanyParams = z.object({ companyId: idSchema });
export const exportCreditParams = z.object({ id: idSchema });
