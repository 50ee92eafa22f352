import * as z from 'zod/mini';
import { idChecks } from './text-rules.ts';
import type { PublicCard } from '../card/types.ts';

// The public card's contract. The output schema is also the filter (createHandler parses the
// answer with it and drops every field it does not name): notes, versions, user ids, counters,
// owner keys and the profile's other addresses never leave the server.
// Written with zod/mini (same rules, same core): a CDN miss of `GET /api/card/{id}` is the
// hottest cold start, and the full zod costs it about 9 ms more (test/bench/cold-start.bench.ts).

const text = z.optional(z.string());
const contact = z.object({ type: z.string(), value: z.string() });

const publicSettingsSchema = z.object({
  theme: z.string(),
  logo: z.object({
    top: z.nullable(z.number()),
    right: z.nullable(z.number()),
    left: z.nullable(z.number()),
    height: z.nullable(z.number()),
    useColor: z.boolean(),
    color: z.string(),
  }),
  person: z.object({ background: z.string(), color: z.string() }),
  kontakt: z.object({ fill: z.string() }),
  display: z.object({ showStrasse: z.boolean(), showPLZ: z.boolean() }),
  applePass: z.object({ backgroundColor: z.string(), fontColor: z.string() }),
  /** Already scoped to the card root on the server. */
  customCss: z.nullable(z.string()),
});

export const publicCardSchema = z.object({
  id: z.string(),
  lang: z.enum(['de', 'en']),
  org: z.string(),
  person: z.object({
    firstname: text,
    lastname: text,
    nice: text,
    position: text,
    firmenname: text,
    org: text,
    url: text,
    image: text,
    imageWallet: text,
    color: text,
    adresseId: text,
    tel: z.array(contact),
    email: z.array(contact),
    social: z.array(z.object({ type: z.string(), link: z.string() })),
  }),
  profile: z.object({
    firmenname: text,
    claim: text,
    logo: text,
    appleLogo: text,
    walletLogo: text,
    url: text,
    impressum: text,
    datenschutz: text,
    umsatzsteuernummer: text,
    handelsgericht: text,
    /** Only the card's own address (by `adresseId`), if it still exists. */
    adressen: z.array(z.object({
      adresseId: z.string(),
      straße: text,
      plz: text,
      ort: text,
      bundesland: text,
      land: text,
    })),
    social: z.array(z.object({ type: z.string(), link: z.string() })),
    settings: publicSettingsSchema,
  }),
});

// The schema and the hand-written type the public page uses (without zod) must not drift apart.
// (PublicCard's `adressen` and `social` may be absent in the page's own inputs; the answer always has them.)
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** What `GET /api/card/{id}` answers (a PublicCard whose `adressen` is always there). */
export type PublicCardAnswer = z.output<typeof publicCardSchema>;
type Answer = PublicCardAnswer;
const schemaMatchesType: Same<Answer, PublicCard & {
  profile: { adressen: NonNullable<PublicCard['profile']['adressen']>; social: NonNullable<PublicCard['profile']['social']> };
}> = true;
void schemaMatchesType;

export const cardIdParams = z.object({ id: z.string().check(...idChecks()) });
