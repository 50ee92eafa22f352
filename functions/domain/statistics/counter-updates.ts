// The counter updates of the statistics merge (merge-cdn-logs.ts, write-batch-counts.ts): one per
// card and Berlin day, one per card's monthly rollup.
import { tableName } from '../../lib/db.ts';
import type { TransactItem } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { saveKinds } from './counted-requests.ts';
import { totalSaves } from './parse-cdn-log.ts';
import type { DayCount } from './parse-cdn-log.ts';
import { TOTAL_SAVES, TOTAL_VIEWS, expiredMonths, savesAttribute, viewsAttribute } from './rollup-attributes.ts';

/** A card's counts of one batch: its day updates plus one rollup update. */
export interface Unit {
  cardId: string;
  days: DayCount[];
}

/** An UpdateExpression under construction: ADDs of non-zero counts, placeholders for every name and value. */
function expression() {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds: string[] = [];
  const add = (attribute: string, n: number) => {
    if (!n) return;
    const i = adds.length;
    names[`#a${i}`] = attribute;
    values[`:a${i}`] = n;
    adds.push(`#a${i} :a${i}`);
  };
  return { names, values, adds, add };
}

// Counters carry no GSI2 (ownership) keys: the index projects every attribute, so each counter
// update would be written twice (table and index, 2 WRU instead of 1). The company delete finds
// them through its rollup partition instead (delete-card-statistics.ts: deleteCompanyStatistics).
export function dayUpdate(c: DayCount): TransactItem {
  const { names, values, adds, add } = expression();
  add('views', c.views);
  add('saves', totalSaves(c));
  for (const kind of saveKinds) add(`save_${kind}`, c.saves[kind] ?? 0);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.cardStatDay(c.cardId, c.day),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export function rollupUpdate(companyId: string, u: Unit): TransactItem {
  const perMonth = new Map<string, { views: number; saves: number }>();
  let views = 0;
  let saves = 0;
  for (const c of u.days) {
    const month = c.day.slice(0, 7);
    const m = perMonth.get(month) ?? { views: 0, saves: 0 };
    m.views += c.views;
    m.saves += totalSaves(c);
    perMonth.set(month, m);
    views += c.views;
    saves += totalSaves(c);
  }
  const { names, values, adds, add } = expression();
  add(TOTAL_VIEWS, views);
  add(TOTAL_SAVES, saves);
  for (const [month, m] of perMonth) {
    add(viewsAttribute(month), m.views);
    add(savesAttribute(month), m.saves);
  }
  // Months long out of the window go, so the items the company statistics read stay small.
  const newest = [...perMonth.keys()].sort().at(-1)!;
  const written = new Set([...perMonth.keys()].flatMap((m) => [viewsAttribute(m), savesAttribute(m)]));
  const removes = expiredMonths(newest)
    .flatMap((m) => [viewsAttribute(m), savesAttribute(m)])
    .filter((a) => !written.has(a))
    .map((a, i) => {
      names[`#r${i}`] = a;
      return `#r${i}`;
    });
  return {
    Update: {
      TableName: tableName(),
      Key: keys.cardStatRollup(companyId, u.cardId),
      UpdateExpression: `ADD ${adds.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}
