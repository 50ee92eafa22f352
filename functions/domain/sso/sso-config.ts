import { noteChange } from '../audit/audit-scope.ts';
import { GetCommand } from '../../lib/dynamo.ts';
import { batchGetAll, db, tableName, transact } from '../../lib/db.ts';
import type { TransactItem } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import { ssoMessages as m } from '../../../shared/messages/sso.ts';
import type { SsoSettings, SsoSettingsInput } from '../../../shared/schemas/sso.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { deleteClientSecret, getClientSecret, putClientSecret } from '../../lib/oidc/client-secrets.ts';
import { discover } from '../../lib/oidc/discovery.ts';

/** A company's OpenID Connect provider as stored; the client secret is in the secret store. */
export interface SsoConfigItem {
  companyId: string;
  issuer: string;
  clientId: string;
  domains: string[];
  required: boolean;
  hasClientSecret: boolean;
  updatedAt: string;
}

/** Where the provider sends the browser back: the SPA's page that finishes the sign-in. */
export const SSO_RETURN_PATH = '/anmelden/firmenkonto';
export const redirectUri = () => `${publicBaseUrl()}${SSO_RETURN_PATH}`;

export async function getSsoConfig(companyId: string): Promise<SsoConfigItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.ssoConfig(companyId) }));
  return out.Item as SsoConfigItem | undefined;
}

/** The SSO settings of several companies at once (sign-in: does any of the user's companies require it?). */
export async function getSsoConfigs(companyIds: readonly string[]): Promise<SsoConfigItem[]> {
  if (!companyIds.length) return [];
  return batchGetAll<SsoConfigItem>(companyIds.map((id) => keys.ssoConfig(id)));
}

/** The company whose provider handles this e-mail domain. */
export async function companyForDomain(domain: string): Promise<string | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.ssoDomain(domain.toLowerCase()) }));
  return (out.Item as { companyId?: string } | undefined)?.companyId;
}

export function toSsoSettings(item: SsoConfigItem | undefined): SsoSettings {
  if (!item) return { configured: false, domains: [], required: false, hasClientSecret: false, redirectUri: redirectUri() };
  return {
    configured: true,
    issuer: item.issuer,
    clientId: item.clientId,
    domains: item.domains,
    required: item.required,
    hasClientSecret: item.hasClientSecret,
    redirectUri: redirectUri(),
    updatedAt: item.updatedAt,
  };
}

/**
 * Saves the provider settings: the issuer must answer its discovery document, the domains are
 * claimed for this company in the same transaction (a domain another company holds is a 409 naming
 * it), dropped domains are released, and a new client secret goes to the secret store first.
 */
export async function saveSsoConfig(o: { companyId: string; input: SsoSettingsInput & { domains: string[] } }): Promise<SsoSettings> {
  const before = await getSsoConfig(o.companyId);
  const hasSecret = Boolean(o.input.clientSecret) || Boolean(before?.hasClientSecret && (await getClientSecret(o.companyId)));
  if (!hasSecret) throw new ValidationError(msg.errors.invalidInput, { clientSecret: m.secretRequired });
  await discover(o.input.issuer, { forSetup: true, fresh: true });
  if (o.input.clientSecret) await putClientSecret(o.companyId, o.input.clientSecret);

  const item: SsoConfigItem = {
    companyId: o.companyId,
    issuer: o.input.issuer,
    clientId: o.input.clientId,
    domains: o.input.domains,
    required: o.input.required,
    hasClientSecret: true,
    updatedAt: new Date().toISOString(),
  };
  const added = item.domains.filter((d) => !before?.domains.includes(d));
  const dropped = (before?.domains ?? []).filter((d) => !item.domains.includes(d));
  const steps: TransactItem[] = [
    { ConditionCheck: { TableName: tableName(), Key: keys.company(o.companyId), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)' } },
    { Put: { TableName: tableName(), Item: { ...keys.ssoConfig(o.companyId), ...keys.ownedSsoConfig(o.companyId), type: 'ssoConfig', ...item } } },
    ...added.map((domain): TransactItem => ({
      Put: {
        TableName: tableName(),
        Item: { ...keys.ssoDomain(domain), ...keys.ownedSsoDomain(o.companyId, domain), type: 'ssoDomain', domain, companyId: o.companyId },
        ConditionExpression: 'attribute_not_exists(pk) OR companyId = :c',
        ExpressionAttributeValues: { ':c': o.companyId },
      },
    })),
    ...dropped.map((domain): TransactItem => ({
      Delete: { TableName: tableName(), Key: keys.ssoDomain(domain), ConditionExpression: 'attribute_not_exists(pk) OR companyId = :c', ExpressionAttributeValues: { ':c': o.companyId } },
    })),
  ];
  await transact(steps, (index) => {
    if (index === 0) return new NotFoundError(companyMessages.notFound);
    const domain = added[index - 2];
    return domain ? new ConflictError(m.domainTaken(domain), { domains: m.domainTaken(domain) }) : new ConflictError();
  });
  // The secret's value never reaches the log: a new one is named as a changed field.
  noteChange({
    action: before ? 'update' : 'create', objectType: 'ssoSettings', objectId: o.companyId, companyId: o.companyId,
    before, after: { ...item, ...(o.input.clientSecret ? { clientSecret: true } : {}) },
  });
  return toSsoSettings(item);
}

/** Removes the provider: settings, domain guards and the client secret. */
export async function removeSsoConfig(o: { companyId: string }): Promise<SsoSettings> {
  const before = await getSsoConfig(o.companyId);
  if (before) {
    await transact([
      { Delete: { TableName: tableName(), Key: keys.ssoConfig(o.companyId) } },
      ...before.domains.map((domain): TransactItem => ({
        Delete: { TableName: tableName(), Key: keys.ssoDomain(domain), ConditionExpression: 'attribute_not_exists(pk) OR companyId = :c', ExpressionAttributeValues: { ':c': o.companyId } },
      })),
    ], () => new ConflictError());
    noteChange({ action: 'delete', objectType: 'ssoSettings', objectId: o.companyId, companyId: o.companyId, fields: [] });
  }
  await deleteClientSecret(o.companyId);
  return toSsoSettings(undefined);
}

/** For the company delete: the secret outlives the table items otherwise. */
export async function forgetSsoSecret(companyId: string): Promise<void> {
  await deleteClientSecret(companyId);
}
