import { randomUUID } from 'node:crypto';
import { tableName, transact } from '../../lib/db.ts';
import { ValidationError } from '../../lib/errors.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import type { Company, CreateCompanyData } from '../../../shared/schemas/company.ts';
import { companyRecord } from './company-item.ts';
import type { CompanyItem } from './company-item.ts';
import { assignmentSteps, loadCompanyUsers } from './company-users.ts';
import { toCompanyOutput } from './to-company.ts';
import { noteChange } from '../audit/audit-scope.ts';

const unknownUser = () => new ValidationError(msg.errors.invalidInput, { userIds: msg.errors.userNotFound });

/** The company and its users' `companyIds` are written in one transaction. */
export async function createCompany(o: { input: CreateCompanyData }): Promise<Company> {
  const userIds = o.input.userIds ?? [];
  const users = await loadCompanyUsers(userIds);
  if (userIds.some((id) => !users.has(id))) throw unknownUser();
  const now = new Date().toISOString();
  const item: CompanyItem = {
    id: randomUUID(),
    org: o.input.org,
    lang: o.input.lang,
    display: o.input.display,
    ...(o.input.contactRetentionMonths ? { contactRetentionMonths: o.input.contactRetentionMonths } : {}),
    credits: 0,
    cardCountTotal: 0,
    cardCountActive: 0,
    profileCount: 0,
    ...(userIds.length ? { userIds: new Set(userIds) } : {}),
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await transact(
    [
      { Put: { TableName: tableName(), Item: companyRecord(item), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...assignmentSteps(item.id, { add: userIds, remove: [] }),
    ],
    (index) => (index === 0 ? new Error('company id collision') : unknownUser()),
  );
  noteChange({ action: 'create', objectType: 'company', objectId: item.id, companyId: item.id, before: undefined, after: item });
  return toCompanyOutput(item, users);
}
