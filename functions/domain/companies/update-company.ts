import { MAX_TRANSACT_ITEMS, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requireCompanyChangeAllowed } from '../../lib/permissions.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import type { Company, UpdateCompanyData } from '../../../shared/schemas/company.ts';
import type { CompanyItem } from './company-item.ts';
import { assignmentSteps, loadCompanyUsers } from './company-users.ts';
import { getAccessibleCompanyItem } from './get-company.ts';
import { toCompanyOutput } from './to-company.ts';
import { cardChangeStep } from '../cards/card-change.ts';
import { applyContactRetention } from '../contacts/apply-contact-retention.ts';
import { DEFAULT_CONTACT_RETENTION_MONTHS } from '../../../shared/schemas/contact.ts';
import { noteChange } from '../audit/audit-scope.ts';

/**
 * Changes org, lang and (admins only) display and the assigned users. Only these attributes are
 * SET, so credits and card counters, which other writes ADD to, are never overwritten. The
 * user side of an assignment change is in the same transaction.
 */
export async function updateCompany(o: { auth: AuthUser; companyId: string; changes: UpdateCompanyData }): Promise<Company> {
  const { version: expectedVersion, userIds: nextUserIds, ...c } = o.changes;
  requireCompanyChangeAllowed(o.auth, o.changes);
  const current = await getAccessibleCompanyItem({ auth: o.auth, companyId: o.companyId });
  if (expectedVersion !== undefined && expectedVersion !== current.version) throw new ConflictError();

  const before = [...(current.userIds ?? [])];
  const after = nextUserIds ?? before;
  const add = after.filter((id) => !before.includes(id));
  const remove = before.filter((id) => !after.includes(id));
  const users = await loadCompanyUsers([...after, ...remove]);
  const unknownUser = () => new ValidationError(msg.errors.invalidInput, { userIds: msg.errors.userNotFound });
  if (add.some((id) => !users.has(id))) throw unknownUser();
  // A user that no longer exists has nothing to take the company off.
  const assignment = assignmentSteps(o.companyId, { add, remove: remove.filter((id) => users.has(id)) });
  const scope = scopeSteps(o.auth, o.companyId, companyMessages.notFound);
  // Cards show the org (display-name fallback) and speak the company's language: a change of
  // either is recorded as a card change in the same transaction.
  const showsOnCards = (c.org !== undefined && c.org !== current.org) || (c.lang !== undefined && c.lang !== current.lang);
  // Swapping many users at once would exceed what one transaction may hold (the company's update and the card change take one each).
  const maxChanges = MAX_TRANSACT_ITEMS - scope.length - 1 - (showsOnCards ? 1 : 0);
  if (assignment.length > maxChanges) {
    throw new ValidationError(msg.errors.invalidInput, { userIds: companyMessages.tooManyUserChanges.replace('{max}', String(maxChanges)) });
  }

  const next: CompanyItem = {
    ...current,
    ...(c.org !== undefined ? { org: c.org } : {}),
    ...(c.lang !== undefined ? { lang: c.lang } : {}),
    ...(c.display !== undefined ? { display: c.display } : {}),
    ...(c.contactRetentionMonths !== undefined ? { contactRetentionMonths: c.contactRetentionMonths } : {}),
    version: current.version + 1,
    updatedAt: new Date().toISOString(),
  };
  const values: Record<string, unknown> = {
    ':org': next.org,
    ':sk': keys.companyListEntry(next.org.toLowerCase(), next.id).gsi1sk,
    ':lang': next.lang,
    ':display': next.display,
    ':retention': next.contactRetentionMonths ?? DEFAULT_CONTACT_RETENTION_MONTHS,
    ':updatedAt': next.updatedAt,
    ':next': next.version,
    ':v': current.version,
  };
  let setUsers = '';
  if (nextUserIds !== undefined) {
    if (after.length) {
      next.userIds = new Set(after);
      values[':users'] = next.userIds;
      setUsers = ', userIds = :users';
    } else {
      delete next.userIds;
      setUsers = ' REMOVE userIds';
    }
  }
  await runGuarded([
    ...scope,
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.company(o.companyId),
          UpdateExpression: `SET org = :org, gsi1sk = :sk, lang = :lang, display = :display, contactRetentionMonths = :retention, updatedAt = :updatedAt, version = :next${setUsers}`,
          ConditionExpression: 'version = :v AND attribute_not_exists(deleting)',
          ExpressionAttributeValues: values,
        },
      },
      onFail: () => new ConflictError(),
    },
    ...assignment.map((item) => ({ item, onFail: unknownUser })),
    ...(showsOnCards ? [cardChangeStep({ scope: 'company', targetId: o.companyId, companyId: o.companyId })] : []),
  ]);
  // A changed retention applies to the contacts already kept too (shortened: older ones go now).
  const retention = (i: CompanyItem) => i.contactRetentionMonths ?? DEFAULT_CONTACT_RETENTION_MONTHS;
  if (retention(next) !== retention(current)) await applyContactRetention({ companyId: o.companyId, months: retention(next) });
  noteChange({ action: 'update', objectType: 'company', objectId: o.companyId, companyId: o.companyId, before: current, after: next });
  return toCompanyOutput(next, users);
}
