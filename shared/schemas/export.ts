import * as z from 'zod';
import { msg } from '../messages.ts';
import { idSchema } from './common.ts';

/** File formats of the table exports: CSV (the default, spec §7) or XLSX. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

const format = z.enum(exportFormats, { error: () => msg.exports.errors.format }).default('csv');

/** `?format=xlsx`; without it CSV. */
export const exportFormatQuery = z.object({ format });
export const exportCompanyParams = z.object({ companyId: idSchema });
export const exportCreditParams = z.object({ id: idSchema });
