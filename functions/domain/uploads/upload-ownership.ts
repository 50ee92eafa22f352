import { tableName } from '../../lib/db.ts';
import { ValidationError } from '../../lib/errors.ts';
import { keys } from '../../lib/keys.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { cardMessages } from '../../../shared/messages/card.ts';
import { uploadMessages } from '../../../shared/messages/upload.ts';

/**
 * Files a card or profile starts to use must be uploads of its own company: checked inside the
 * write, so a file of another tenant (or one deleted meanwhile) can never be shown under this
 * company's name. `files` maps form fields to the chosen file names; unset fields are skipped,
 * and each file is checked once, failing with an error on every field that chose it.
 */
export function uploadOwnershipSteps(companyId: string, files: Record<string, string | undefined>): GuardedItem[] {
  const fieldsByFile = new Map<string, string[]>();
  for (const [field, filename] of Object.entries(files)) {
    if (filename) fieldsByFile.set(filename, [...(fieldsByFile.get(filename) ?? []), field]);
  }
  return [...fieldsByFile].map(([filename, fields]) => ({
    item: ownedBy(companyId, filename),
    onFail: () => new ValidationError(msg.errors.invalidInput, Object.fromEntries(fields.map((f) => [f, uploadMessages.notOwned]))),
  }));
}

/** The upload record exists and belongs to the company, at the moment of the write. */
function ownedBy(companyId: string, filename: string): GuardedItem['item'] {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.upload(filename),
      ConditionExpression: 'companyId = :cid',
      ExpressionAttributeValues: { ':cid': companyId },
    },
  };
}

/** The files a write chooses anew: a file the item already shows stays valid and is not checked again. */
export function newlyChosenFiles<F extends string>(fields: readonly F[], current: object, next: Partial<Record<F, string | undefined>>): Record<string, string | undefined> {
  const shown = current as Partial<Record<F, unknown>>;
  return Object.fromEntries(fields.map((f) => [f, next[f] !== shown[f] ? next[f] : undefined]));
}

/**
 * The uploads a customCss loads must be the company's own: checked inside the write like the
 * logos, failing with the CSS field's error (another company's image or route is never loaded).
 */
export function cssUploadOwnershipSteps(companyId: string, files: readonly string[]): GuardedItem[] {
  return files.map((filename) => ({
    item: ownedBy(companyId, filename),
    onFail: () => new ValidationError(msg.errors.invalidInput, { 'settings.customCss': cardMessages.css.uploadNotOwned }),
  }));
}
