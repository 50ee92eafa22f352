import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../functions/local/dynamo-local.ts';
import { buildWeb } from '../../web/build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One in-memory DynamoDB Local for the whole run (each test file makes its own table) and a fresh web build. */
export default async function setup(project: TestProject) {
  const [dynamo] = await Promise.all([startDynamoLocal(), buildWeb({ onlyIfStale: true })]);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    await dynamo.stop();
  };
}
