import { defineRoute } from '../define.ts';
import { cardIdParams, publicCardSchema } from '../../schemas/card.ts';

// The public card's JSON, the CDN's miss path of every card view: a function of its own (issue 22),
// so its cold start loads nothing but this route (an area with one route imports it statically:
// no dispatcher chunk, no chunks shared with sibling routes). The page `/c/{id}` and the vCard are
// in `card`.

/** What the public page `/c/:id` shows: exactly the card, nothing private. No token is read, nothing written. */
export const cardGet = defineRoute({
  name: 'cardGet', method: 'GET', path: '/api/card/{id}', access: 'public',
  handler: 'functions/handlers/card/card-get.ts',
  needs: { table: 'read' },
  cdn: 'shared',
  params: cardIdParams, output: publicCardSchema,
});
