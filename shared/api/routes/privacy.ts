import { defineRoute } from '../define.ts';
import { images, storedPasses } from '../needs.ts';
import { auditListQuery, auditPageSchema, eraseBodySchema, erasureSchema, privacyPersonParams } from '../../schemas/audit.ts';

// Data protection (DSGVO): a card holder's export (Art. 15) and erasure (Art. 17), and the audit
// log. Admins and users of the card's (or the entries') company; the audit export is in `exports`
// (it uses the XLSX writer).

/** One ZIP with everything stored about the card holder (docs/datenschutz.md § 5). */
export const personDataExport = defineRoute({
  name: 'personDataExport', method: 'GET', path: '/api/card/company/person/{id}/dsgvo-export', access: 'user',
  handler: 'functions/handlers/privacy/person-data-export.ts',
  // Writes its own audit entry.
  needs: { table: 'readWrite', objects: [images.read] },
  params: privacyPersonParams,
});

/** Erases the card holder everywhere; `confirm` repeats the card id. */
export const personErase = defineRoute({
  name: 'personErase', method: 'POST', path: '/api/card/company/person/{id}/erase', access: 'user',
  handler: 'functions/handlers/privacy/person-erase.ts',
  // Images in every version. The CDN copies and the Google object are the card-changed job's (issue 21).
  needs: { table: 'readWrite', objects: [images.purge, storedPasses.purge] },
  params: privacyPersonParams, body: eraseBodySchema, output: erasureSchema,
});

/**
 * The same two for a legacy person (vcard area, admins only like the rest of it). They live in the
 * privacy area, not in `vcard`, so one function alone may delete image versions (images.purge).
 */
export const vcardPersonDataExport = defineRoute({
  name: 'vcardPersonDataExport', method: 'GET', path: '/api/vcard/person/{id}/dsgvo-export', access: 'admin',
  handler: 'functions/handlers/privacy/vcard-person-data-export.ts',
  // Writes its own audit entry.
  needs: { table: 'readWrite', objects: [images.read] },
  params: privacyPersonParams,
});

export const vcardPersonErase = defineRoute({
  name: 'vcardPersonErase', method: 'POST', path: '/api/vcard/person/{id}/erase', access: 'admin',
  handler: 'functions/handlers/privacy/vcard-person-erase.ts',
  needs: { table: 'readWrite', objects: [images.purge, storedPasses.purge] },
  params: privacyPersonParams, body: eraseBodySchema, output: erasureSchema,
});

/** The audit log, newest first: a company's (company users: one of theirs) or, for admins, all. */
export const auditList = defineRoute({
  name: 'auditList', method: 'GET', path: '/api/audit', access: 'user',
  handler: 'functions/handlers/privacy/audit-list.ts',
  needs: { table: 'read' },
  query: auditListQuery, output: auditPageSchema,
});
