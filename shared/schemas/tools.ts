import * as z from 'zod/mini';
import { personMessages } from '../messages/person.ts';
import { idSchema, optionalText } from './common.ts';
import { createPersonSchema, emailTypes, personSocialTypes, phoneTypes } from './person.ts';

// Import tools: a CSV row becomes card-holder JSON (the card form's own fields and rules, from
// the shared card-holder schema), the import writes it through the card domain functions.

/**
 * Bounds of an uploaded staff list, CSV or XLSX alike: a file larger than `maxBytes` is refused
 * before it is parsed (a Lambda request stays under 6 MB base64-encoded); more than `maxColumns`
 * columns in any row or more than `maxRows` data rows is refused as soon as it is seen. An XLSX
 * may inflate to at most `maxUnzippedBytes` in at most `maxZipEntries` parts (zip bombs).
 */
export const fileLimits = {
  maxBytes: 4 * 1024 * 1024, maxRows: 20_000, maxColumns: 200, maxUnzippedBytes: 64 * 1024 * 1024, maxZipEntries: 500,
} as const;
/** The same bounds under their first name (CSV was the only format). */
export const csvLimits = fileLimits;
/** Longest sheet name Excel allows. */
export const MAX_SHEET_NAME = 31;
/** Rows per import request: a batch stays far below the API's payload limit and a Lambda's time limit. */
export const IMPORT_BATCH_SIZE = 100;

const c = personMessages.csv;
const socialLabels = personMessages.socialTypes;

/**
 * What a column fills: `tel.work`, `email.work1`, `social.xing` fill one entry of a list;
 * `adresse.*` pick the profile's address; `createdOn` is accepted (export) but not imported.
 */
export const importFields = [
  'lastname', 'firstname', 'nice', 'position', 'profil', 'firmenname', 'org',
  ...phoneTypes.map((t) => `tel.${t}` as const),
  ...emailTypes.map((t) => `email.${t}` as const),
  'url',
  ...personSocialTypes.map((t) => `social.${t}` as const),
  'adresse.straße', 'adresse.plz', 'adresse.ort', 'adresse.bundesland', 'adresse.land',
  'isActive', 'createdOn', 'id',
] as const;
export type ImportField = (typeof importFields)[number];

/**
 * Column names per field: first the export's own (so an export re-imports unchanged), then
 * common alternatives. Compared after `columnKey` (case, spaces, dashes and dots ignored).
 */
export const importColumns: Record<ImportField, readonly string[]> = {
  lastname: [c.lastname, 'Name', 'Familienname'],
  firstname: [c.firstname],
  nice: [c.nice, 'Titel'],
  position: [c.position, 'Funktion', 'Berufsbezeichnung'],
  profil: [c.profile],
  firmenname: [c.firmenname],
  org: [c.org],
  'tel.work': [c.telWork, 'Telefon', 'Tel', 'Telefon Büro'],
  'tel.cell': [c.telCell, 'Handy', 'Mobiltelefon', 'Mobilnummer'],
  'email.work1': [c.email(1), 'E-Mail', 'Email', 'Mail', 'E-Mail-Adresse'],
  'email.work2': [c.email(2)],
  'email.work3': [c.email(3)],
  'email.work4': [c.email(4)],
  'email.work5': [c.email(5)],
  url: [c.url, 'Website', 'Homepage', 'Internet'],
  'social.facebook': [socialLabels.facebook],
  'social.instagram': [socialLabels.instagram],
  'social.linkedin': [socialLabels.linkedin],
  'social.xing': [socialLabels.xing],
  'adresse.straße': [c.strasse, 'Strasse', 'Adresse'],
  'adresse.plz': [c.plz, 'Postleitzahl'],
  'adresse.ort': [c.ort, 'Stadt'],
  'adresse.bundesland': [c.bundesland],
  'adresse.land': [c.land],
  isActive: [c.active],
  createdOn: [c.createdOn],
  id: [c.id],
};

/** `E-Mail 1` and `email1`, `Telefon  geschäftlich` and `telefongeschäftlich` are the same column. */
export function columnKey(name: string): string {
  return name.normalize('NFC').toLowerCase().replace(/[\s\-_.]+/g, '');
}

const p = createPersonSchema.shape;
const addressText = optionalText(200);

/**
 * One card holder as the import tools carry it: the card form's fields (validated with the
 * card-holder schema itself) without the profile, which the import chooses; plus the file's
 * `id` (a card of the company to update), its profile name and address, and its line number.
 */
export const importRowSchema = z.object({
  line: z.number().check(z.int(), z.gte(1)),
  id: z.optional(idSchema),
  profil: optionalText(200),
  adresse: z.optional(z.object({
    straße: addressText, plz: addressText, ort: addressText, bundesland: addressText, land: addressText,
  })),
  nice: p.nice,
  firstname: p.firstname,
  lastname: p.lastname,
  position: p.position,
  firmenname: p.firmenname,
  org: p.org,
  url: p.url,
  tel: p.tel,
  email: p.email,
  social: p.social,
  isActive: z.optional(z.boolean()),
});
export type ImportRowInput = z.input<typeof importRowSchema>;
export type ImportRow = z.output<typeof importRowSchema>;

export const rowErrorSchema = z.object({
  line: z.number().check(z.int()),
  /** The column as it is named in the file. */
  column: z.string(),
  message: z.string(),
  /** Every problem of the row (the first one is `column`/`message`). */
  issues: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type RowError = z.output<typeof rowErrorSchema>;

export const csvSeparators = [';', ',', '\t'] as const;

/** `POST /api/convert/csvtojson` (spec §7: `data.data` and `data.errors`), for a CSV or an XLSX file. */
export const csvToJsonResultSchema = z.object({
  data: z.array(importRowSchema),
  errors: z.array(rowErrorSchema),
  /** What the file's columns fill: the import changes only these on cards it updates. */
  fields: z.array(z.enum(importFields)),
  /** Columns of the file nobody reads (a typo in a name shows up here). */
  ignoredColumns: z.array(z.string()),
  format: z.enum(['csv', 'xlsx']),
  /** XLSX: the workbook's sheets in order, and the one read (the first unless another was asked for). */
  sheets: z.array(z.string()),
  sheet: z.optional(z.string()),
  /** CSV: how the file was read. */
  encoding: z.optional(z.enum(['utf-8', 'windows-1252'])),
  separator: z.optional(z.enum(csvSeparators)),
});
export type CsvToJsonResult = z.output<typeof csvToJsonResultSchema>;

export const importBatchSchema = z.object({
  companyId: idSchema,
  /** Cards go to the profile named in their row's `profil` when the company has it, else to this one. */
  profileId: idSchema,
  fields: z.array(z.enum(importFields)).check(z.maxLength(importFields.length)),
  rows: z.array(importRowSchema).check(z.minLength(1), z.maxLength(IMPORT_BATCH_SIZE)),
});
export type ImportBatch = z.output<typeof importBatchSchema>;

export const importStatuses = ['created', 'updated', 'unchanged', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const importRowResultSchema = z.object({
  line: z.number().check(z.int()),
  status: z.enum(importStatuses),
  /** The card written or matched. */
  id: z.optional(z.string()),
  name: z.string(),
  /** Why it failed, or a note on a row that was written (an address not found). */
  message: z.optional(z.string()),
});
export type ImportRowResult = z.output<typeof importRowResultSchema>;
/**
 * The rows written, in order; `remaining` rows at the end of the batch were not started because
 * the request's time was up (the screen sends them again with the next request).
 */
export const importResultSchema = z.object({ results: z.array(importRowResultSchema), remaining: z.number().check(z.int(), z.nonnegative()) });

export const legacyConvertSchema = z.object({
  vcardCompanyId: idSchema,
  companyId: idSchema,
  /** Only say what would happen (profile, cards, credits), write nothing. */
  dryRun: z.optional(z.boolean()),
  /** New cards start active (each activation costs credits) or inactive (free, activated later). */
  activate: z.optional(z.boolean()),
});

/** What a legacy conversion will do, checked before anything is written. */
export const legacyPlanSchema = z.object({
  profilname: z.string(),
  profileExists: z.boolean(),
  create: z.number().check(z.int()),
  update: z.number().check(z.int()),
  unchanged: z.number().check(z.int()),
  invalid: z.number().check(z.int()),
  creditsNeeded: z.number().check(z.int()),
  creditsAvailable: z.number().check(z.int()),
});
export type LegacyPlan = z.output<typeof legacyPlanSchema>;

export const legacyConvertResultSchema = z.object({
  plan: legacyPlanSchema,
  /** Absent for a dry run of a conversion that would create the profile. */
  profileId: z.optional(z.string()),
  profilname: z.string(),
  profileCreated: z.boolean(),
  results: z.array(importRowResultSchema),
  /** Persons not yet converted because the request's time was up: run it again to go on. */
  remaining: z.number().check(z.int(), z.nonnegative()),
});
export type LegacyConvertResult = z.output<typeof legacyConvertResultSchema>;
