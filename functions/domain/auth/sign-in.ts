import { UpdateCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ForbiddenError, ThrottledError, UnauthenticatedError } from '../../lib/errors.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { isAdminGroup } from '../../../shared/roles.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { dummyHash, verifyPassword } from '../../lib/auth/password.ts';
import { signToken } from '../../lib/auth/token.ts';
import { findUserByUsername } from '../users/find-user-by-username.ts';
import { releasePasswordAttempt, reservePasswordAttempt } from './throttle.ts';
import { passwordProblem } from '../users/password-policy.ts';
import { PASSWORD_RULES_VERSION } from '../../../shared/password/rules.ts';
import type { UserItem } from '../users/user-item.ts';
import { ssoMessages } from '../../../shared/messages/sso.ts';
import { getSsoConfigs } from '../sso/sso-config.ts';

/**
 * A company that requires its own sign-in (issue 26) takes password sign-in away from its users;
 * platform admins keep it. Asked only after the password matched, so it tells nothing to a guesser.
 */
async function ssoRequired(user: UserItem): Promise<boolean> {
  if (isAdminGroup(user.userGroup.group) || !user.companyIds?.size) return false;
  return (await getSsoConfigs([...user.companyIds])).some((c) => c.required);
}

/**
 * Accounts from before today's password rules keep signing in; the typed password is checked
 * against the rules here (the only moment it is known) and the result kept on the user, so the
 * back office asks for a new one (GET /api/auth answers `passwordOutdated`) until it is changed.
 * Only once per password and rules version (`passwordRulesChecked`): the strength estimate and
 * its dictionaries (about 1.3 MB) load on the first sign-in of an account from before, not on
 * every sign-in's cold start.
 */
async function notePasswordRules(user: UserItem, password: string): Promise<void> {
  if (user.passwordRulesChecked === PASSWORD_RULES_VERSION) return;
  const outdated = (await passwordProblem(password, user)) !== undefined;
  await db().send(new UpdateCommand({
    TableName: tableName(),
    Key: keys.user(user.id),
    // Not a content change: no version bump, so an edit form open elsewhere still saves.
    UpdateExpression: `SET passwordRulesChecked = :r${outdated ? ', passwordOutdated = :t' : ' REMOVE passwordOutdated'}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':r': PASSWORD_RULES_VERSION, ...(outdated ? { ':t': true } : {}) },
  }));
}

/**
 * Checks the credentials and returns a token. A wrong username, a wrong password and an
 * inactive account all get the same answer and cost the same hash. `device` is the browser's id
 * from its last sign-in (throttle.ts); the answer carries a new one when it was unknown.
 */
export async function signIn(o: { username: string; password: string; ip: string; device?: string | undefined }): Promise<{ token: string; device?: string }> {
  let user: UserItem | undefined;
  try {
    const out = await checkedSignIn(o, (u) => { user = u; });
    await recordAudit({ actor: { id: user!.id, username: user!.username, isAdmin: isAdminGroup(user!.userGroup.group) }, changes: [{ action: 'signIn', objectType: 'session', objectId: user!.id, fields: [] }], route: 'authLogin' });
    return out;
  } catch (err) {
    if (err instanceof UnauthenticatedError || err instanceof ThrottledError) {
      // Who tried is named only when the username exists: a typed password never lands in the log.
      const known = user ? { id: user.id, username: user.username, isAdmin: isAdminGroup(user.userGroup.group) } : {};
      await recordAudit({
        actor: known,
        changes: [{ action: 'signInFailed', objectType: 'session', objectId: user?.id ?? 'unbekannt', fields: [], detail: { reason: err instanceof ThrottledError ? 'throttled' : 'credentials' } }],
        route: 'authLogin',
      });
    }
    throw err;
  }
}

async function checkedSignIn(o: { username: string; password: string; ip: string; device?: string | undefined }, found: (u: UserItem | undefined) => void): Promise<{ token: string; device?: string }> {
  const usernameLower = o.username.trim().toLowerCase();
  const attempt = await reservePasswordAttempt({ usernameLower, ip: o.ip, device: o.device });
  const user = await findUserByUsername({ username: usernameLower });
  found(user);
  // Accounts made by company sign-in have no password: compared against the dummy, at the same cost.
  const hash = user?.passwordHash.startsWith('scrypt$') ? user.passwordHash : await dummyHash();
  const ok = await verifyPassword(o.password, hash);
  if (!user || !ok || !user.isActive) throw new UnauthenticatedError(msg.errors.badCredentials);
  const { device } = await releasePasswordAttempt(attempt);
  if (await ssoRequired(user)) throw new ForbiddenError(ssoMessages.ssoRequired);
  await notePasswordRules(user, o.password);
  return { token: await signToken({ userId: user.id, tokenVersion: user.tokenVersion }), ...(device ? { device } : {}) };
}
