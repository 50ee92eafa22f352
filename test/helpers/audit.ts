import { ScanCommand } from '../../functions/lib/dynamo.ts';
import { db, tableName } from '../../functions/lib/db.ts';

/** Every item of the test file's own table (each file has a table of its own, so a Scan is small). */
export async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The audit entries as stored (not through the API, which this checks). */
export async function storedAuditEntries(): Promise<Record<string, unknown>[]> {
  return (await scanTable()).filter((i) => i.type === 'audit');
}
