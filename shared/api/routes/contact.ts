import { defineRoute } from '../define.ts';
import {
  contactCardParams, contactIdParams, contactListQuery, contactPageSchema, contactReceivedSchema,
  contactRequestSchema, contactSchema,
} from '../../schemas/contact.ts';

// "Kontakt austauschen" (issue 28, docs/contacts.md). The visitor's POST is public and bounded:
// a JSON body of at most 64 KB read at all, the schema's lengths, a WAF rate rule per address
// (infra/waf-stack.ts `contact-rate`) and a honeypot field. CloudFront sends it past the public
// card's cache (its own behaviour `/api/card/*/contact`, infra/constructs/edge.ts).

/** A visitor leaves their contact on a card; the card holder is told by e-mail. Stores nothing else about the visitor. */
export const contactCreate = defineRoute({
  name: 'contactCreate', method: 'POST', path: '/api/card/{id}/contact', access: 'public',
  handler: 'functions/handlers/contact/contact-create.ts',
  // The card holder is told by e-mail (SES, only as the configured sender).
  needs: { table: 'readWrite', mail: true },
  params: contactCardParams, body: contactRequestSchema, output: contactReceivedSchema,
});

/** A company's contacts (or one card's with `personId`), newest first, in pages. Its users and admins. */
export const contactList = defineRoute({
  name: 'contactList', method: 'GET', path: '/api/card/company/contact', access: 'user',
  handler: 'functions/handlers/contact/contact-list.ts',
  needs: { table: 'read' },
  query: contactListQuery, output: contactPageSchema,
});

export const contactDelete = defineRoute({
  name: 'contactDelete', method: 'DELETE', path: '/api/card/company/contact/{id}', access: 'user',
  handler: 'functions/handlers/contact/contact-delete.ts',
  needs: { table: 'readWrite' },
  params: contactIdParams, output: contactSchema,
});
