import * as z from 'zod/mini';
import { defineRoute } from '../define.ts';
import {
  cardCountQuery, cardCountSchema, createPersonSchema, personIdParams, personListQuery, personPageSchema,
  personSchema, profileIdParams, updatePersonSchema,
} from '../../schemas/person.ts';
import { cardIdParams, cardSignatureSchema } from '../../schemas/card.ts';
import { cardSummarySchema } from '../../schemas/card-summary.ts';

export const personCreate = defineRoute({
  name: 'personCreate', method: 'POST', path: '/api/card/company/person', access: 'user',
  handler: 'functions/handlers/person/person-create.ts',
  needs: { table: 'readWrite' },
  body: createPersonSchema, output: personSchema,
});

/** Cards per profile of one company, read from the profiles' counters. */
export const personCardCount = defineRoute({
  name: 'personCardCount', method: 'GET', path: '/api/card/company/person/cardcount', access: 'user',
  handler: 'functions/handlers/person/person-card-count.ts',
  needs: { table: 'read' },
  query: cardCountQuery, output: cardCountSchema,
});

export const personListByProfile = defineRoute({
  name: 'personListByProfile', method: 'GET', path: '/api/card/company/person/all/{profileId}', access: 'user',
  handler: 'functions/handlers/person/person-list-by-profile.ts',
  needs: { table: 'read' },
  params: profileIdParams, query: personListQuery, output: personPageSchema,
});

export const personGet = defineRoute({
  name: 'personGet', method: 'GET', path: '/api/card/company/person/{id}', access: 'user',
  handler: 'functions/handlers/person/person-get.ts',
  needs: { table: 'read' },
  params: personIdParams, output: personSchema,
});

export const personUpdate = defineRoute({
  name: 'personUpdate', method: 'PATCH', path: '/api/card/company/person/{id}', access: 'user',
  handler: 'functions/handlers/person/person-update.ts',
  needs: { table: 'readWrite' },
  params: personIdParams, body: updatePersonSchema, output: personSchema,
});

export const personDelete = defineRoute({
  name: 'personDelete', method: 'DELETE', path: '/api/card/company/person/{id}', access: 'user',
  handler: 'functions/handlers/person/person-delete.ts',
  needs: { table: 'readWrite' },
  params: personIdParams, output: z.object({ id: z.string() }),
});

/**
 * Whose card an id is, V2 or legacy (one server answer instead of the screens trying one kind,
 * then the other): own company or admin; legacy cards for admins only.
 */
export const cardSummary = defineRoute({
  name: 'cardSummary', method: 'GET', path: '/api/card/company/card/{id}', access: 'user',
  handler: 'functions/handlers/person/card-summary.ts',
  needs: { table: 'read' },
  params: cardIdParams, output: cardSummarySchema,
});

/** QR code (SVG) of the card's public address, for the card overview; own company or admin. */
export const cardQr = defineRoute({
  name: 'cardQr', method: 'GET', path: '/api/card/company/person/{id}/qr', access: 'user',
  handler: 'functions/handlers/person/card-qr.ts',
  needs: { table: 'read' },
  params: cardIdParams,
});

/** The card's e-mail signature: HTML (tables, inline styles) and plain text (issue 28); own company or admin. */
export const cardSignature = defineRoute({
  name: 'cardSignature', method: 'GET', path: '/api/card/company/person/{id}/signature', access: 'user',
  handler: 'functions/handlers/person/card-signature.ts',
  needs: { table: 'read' },
  params: cardIdParams, output: cardSignatureSchema,
});
