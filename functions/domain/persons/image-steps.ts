import { tableName } from '../../lib/db.ts';
import { ValidationError } from '../../lib/errors.ts';
import { keys } from '../../lib/keys.ts';
import { msg } from '../../../shared/messages.ts';
import type { GuardedItem } from './guarded-transaction.ts';

type ImageField = 'image' | 'imageWallet';

/**
 * Images a card starts to use must be uploads of the card's own company: checked inside the
 * write, so a file of another tenant (or one deleted meanwhile) can never be put on a card.
 */
export function imageSteps(companyId: string, images: Partial<Record<ImageField, string | undefined>>): GuardedItem[] {
  const fieldsByFile = new Map<string, ImageField[]>();
  for (const [field, filename] of Object.entries(images) as [ImageField, string | undefined][]) {
    if (filename) fieldsByFile.set(filename, [...(fieldsByFile.get(filename) ?? []), field]);
  }
  return [...fieldsByFile].map(([filename, fields]) => ({
    item: {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.upload(filename),
        ConditionExpression: 'companyId = :cid',
        ExpressionAttributeValues: { ':cid': companyId },
      },
    },
    onFail: () => new ValidationError(msg.errors.invalidInput, Object.fromEntries(fields.map((f) => [f, msg.person.errors.imageNotFound]))),
  }));
}
