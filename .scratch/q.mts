import { startDynamoLocal } from '/work/wt/i25/functions/local/dynamo-local.ts';
import { prepareLocal } from '/work/wt/i25/functions/local/prepare.ts';
import { mkdtempSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
const dyn = await startDynamoLocal();
await prepareLocal({ endpoint: dyn.endpoint, tableName: 'qtest', uploadsDir: mkdtempSync(join(tmpdir(), 'u')), authSecret: 'x'.repeat(40), adminUsername: 'admin', adminPassword: 'bench-passwort-1', publicBaseUrl: 'http://x' });
const { db, tableName, queryAll } = await import('/work/wt/i25/functions/lib/db.ts');
const { keys } = await import('/work/wt/i25/functions/lib/keys.ts');
const { listPersonsOfCompany } = await import('/work/wt/i25/functions/domain/persons/list-persons.ts');
const c = 'comp1';
const items = Array.from({ length: 10000 }, (_, i) => crypto.randomUUID()).map((uid, i) => ({ ...keys.person(uid), ...keys.ownedPartition(c), ...keys.owned(c, 'PERSON', uid),  id: uid, companyId: c, companyProfilId: 'prof', firstname: `Jörg ${i}`, lastname: `Müller-${i}`, nice: 'Dr.', position: 'Referent Außendienst', org: 'Vertrieb', tel: [{ type: 'work', value: `+49 351 ${i}` }, { type: 'cell', value: `0171 ${i}` }], email: [{ type: 'work1', value: `j${i}@beispiel.de` }], social: [{ type: 'xing', link: `https://www.xing.com/profile/j${i}` }], url: 'https://beispiel.de', isActive: true, createdOn: new Date().toISOString(), version: 1 }));
for (let i = 0; i < items.length; i += 25) await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
for (let r = 0; r < 2; r++) {
  let t = performance.now(); const all = await listPersonsOfCompany({ companyId: c }); console.log('full', all.length, Math.round(performance.now() - t), 'ms');
  t = performance.now(); const pages = []; 
  const q = { TableName: tableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :kind)', ExpressionAttributeValues: { ':pk': keys.ownedPartition(c).gsi2pk, ':kind': keys.ownedPersonPrefix(c).gsi2sk } };
  const proj = await queryAll({ ...q, ProjectionExpression: 'id, firstname, lastname' }); console.log('proj', proj.length, Math.round(performance.now() - t), 'ms');
  t = performance.now(); const base = await queryAll({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'nothing' } }); console.log('empty', Math.round(performance.now() - t));
}

const bounds = ['', ...'123456789abcdef'.split(''), '\uffff'];
for (const n of [4, 16]) {
  const b = n === 16 ? bounds : ['', '4', '8', 'c', '\uffff'];
  const t = performance.now();
  const parts = await Promise.all(b.slice(0, -1).map((lo, i) => queryAll({ TableName: tableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :lo AND :hi', ExpressionAttributeValues: { ':pk': keys.ownedPartition(c).gsi2pk, ':lo': 'PERSON#' + lo, ':hi': 'PERSON#' + b[i + 1] } })));
  console.log('parallel', n, parts.flat().length, Math.round(performance.now() - t), 'ms');
}
await dyn.stop(); process.exit(0);
