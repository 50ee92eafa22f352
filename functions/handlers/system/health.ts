import { DescribeTableCommand } from '../../lib/dynamo.ts';
import { health } from '../../../shared/api/routes/system.ts';
import { createHandler } from '../../lib/http.ts';
import { db, tableName } from '../../lib/db.ts';
import { env } from '../../lib/env.ts';

export const handler = createHandler(health, async () => {
  let table = false;
  try {
    const out = await db().send(new DescribeTableCommand({ TableName: tableName() }));
    table = out.Table?.TableStatus === 'ACTIVE';
  } catch {
    table = false;
  }
  return { status: table ? ('ok' as const) : ('degraded' as const), version: env().APP_VERSION, table };
});
