import { DeleteCommand } from '../../lib/dynamo.ts';
import { db, isConditionFailure, tableName } from '../../lib/db.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import { scopeSteps } from '../../lib/guarded-transaction.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { privacyMessages as m } from '../../../shared/messages/privacy.ts';
import { getPersonItem } from '../cards/person-item.ts';
import { companyCounterUpdate, profileCounterUpdate } from '../cards/card-counters.ts';
import { matchIndexSteps, matchKeyHash } from '../cards/match-index.ts';
import { getProfileItem, SCOPED_CSS } from '../profiles/profile-item.ts';
import { cssOf, getProfileCssItem, withCss } from '../profiles/profile-css.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import type { CardHolder } from './card-holder.ts';

/** A company's card holder (V2 card): admins and users of the card's company; 404 for anyone else. */
export async function v2CardHolder(o: { auth: AuthUser; personId: string }): Promise<CardHolder> {
  const person = await getPersonItem(o.personId, { consistent: true });
  requireCompanyAccess(o.auth, person?.companyId, m.errors.cardNotFound);
  const p = person!;
  // Read once: the export asks for both the JSON context and the vCard's source.
  let related: Promise<[Awaited<ReturnType<typeof getProfileItem>>, Awaited<ReturnType<typeof getCompanyItem>>]> | undefined;
  const profileAndCompany = () => (related ??= Promise.all([getProfileItem(p.companyProfilId), getCompanyItem(p.companyId)]));
  return {
    kind: 'card',
    id: p.id,
    companyId: p.companyId,
    item: p as unknown as CardHolder['item'],
    objectType: 'person',
    async context() {
      const [[profile, company], cssItem] = await Promise.all([profileAndCompany(), getProfileCssItem(p.companyProfilId)]);
      if (!company) throw new NotFoundError(m.errors.cardNotFound);
      // The profile as its form shows it: the CSS as typed (its own item), not the scoped copy.
      const shown = profile ? withCss(profile, cssOf(profile, cssItem)) : undefined;
      return {
        profile: shown ? { id: shown.id, profilname: shown.profilname, ...pickProfile(shown as never, p.adresseId) } : null,
        company: { id: company.id, org: company.org },
      };
    },
    async source() {
      const [profile, company] = await profileAndCompany();
      return profile && company ? { person: p, profile, company } : undefined;
    },
    removalSteps(auth) {
      return [
        ...scopeSteps(auth, p.companyId, m.errors.cardNotFound),
        {
          item: { Delete: { TableName: tableName(), Key: keys.person(p.id), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': p.version } } },
          onFail: () => new ConflictError(),
        },
        { item: companyCounterUpdate(p.companyId, -1, p.isActive ? -1 : 0), onFail: () => new NotFoundError(m.errors.cardNotFound) },
        { item: profileCounterUpdate(p.companyProfilId, p.companyId, -1), onFail: () => new NotFoundError(m.errors.cardNotFound) },
        ...matchIndexSteps(p.companyId, p.id, p, undefined),
      ];
    },
    async afterRemoval() {
      // The match entry keyed by a hash of name and e-mail goes when no card is left under it.
      try {
        await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.cardMatch(p.companyId, matchKeyHash(p)), ConditionExpression: 'attribute_not_exists(personIds)' }));
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    },
  };
}

/** What of the profile the card shows: its display texts, links and the card's address. */
function pickProfile(profile: Record<string, unknown> & { adressen?: { adresseId: string }[] }, adresseId: string | undefined) {
  const { adressen, pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, type: _t, cardCount: _n, version: _v, companyId: _co, id: _id, profilname: _pn, [SCOPED_CSS]: _sc, ...rest } = profile;
  return { ...rest, address: adressen?.find((x) => x.adresseId === adresseId) ?? null };
}
