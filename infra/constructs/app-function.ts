import { ArnFormat, DockerImage, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { AssetHashType } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { resolve } from 'node:path';
import { bundleSync } from '../bundle.ts';
import type { BundleEntry } from '../bundle.ts';
import { tableDefinition } from '../../functions/lib/table-definition.ts';
import type { BucketName, Needs, QueueName, SecretName } from '../../shared/api/needs.ts';

const functionsDir = resolve(import.meta.dirname, '../../functions');

/** What the stack's functions can be granted; each function gets only what its Needs name. */
export interface SharedResources {
  table: dynamodb.TableV2;
  uploads: s3.IBucket;
  logBucket: s3.IBucket;
  authSecret: secretsmanager.ISecret;
  invalidationQueue: sqs.IQueue;
  /** Wallet configuration (JSON: certificates, Google key) and the wallet link key. */
  walletConfigSecret: secretsmanager.ISecret;
  walletLinkSecret: secretsmanager.ISecret;
  /** Set once the distribution exists (jobs only: the API functions come before it). */
  distributionArn?: string;
  /** The SES identities (address and its domain) the sender MAIL_FROM is verified as; absent: no mail is sent, nothing granted. */
  mail?: { from: string; identityArns: string[] };
}

export interface AppFunctionProps {
  entry: BundleEntry;
  description: string;
  needs: Needs;
  resources: SharedResources;
  environment: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
}

const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/**
 * What every Lambda function of the product shares: Node 24 on arm64, the esbuild bundle of
 * functions/bundle.ts (source map beside it, not loaded at start), a log group with retention,
 * an own role with only its log group and the grants its Needs declare (no managed policy).
 */
export class AppFunction extends Construct {
  readonly fn: lambda.Function;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Visitenkarten: ${props.description}`,
    });
    role.addToPolicy(new iam.PolicyStatement({
      actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      resources: [this.logGroup.logGroupArn],
    }));
    for (const statement of statementsFor(props.needs, props.resources)) role.addToPolicy(statement);

    this.fn = new lambda.Function(this, 'Fn', {
      description: props.description,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(functionsDir, {
        // Hash of the bundle, not of the sources: unchanged output, no new deployment.
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never pulled: local bundling with esbuild always succeeds or throws.
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24'),
          // Part of CDK's staging cache key (the tryBundle closure is not): without it every
          // function of the app would get the first function's bundle.
          environment: { BUNDLE_ENTRY: JSON.stringify(props.entry) },
          local: { tryBundle: (outputDir) => { bundleSync(props.entry, outputDir); return true; } },
        },
      }),
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup: this.logGroup,
      role,
      environment: props.environment,
    });
  }
}

/** Every kind of need has its statement below: a new field in Needs fails the type check here until it does. */
const grantedNeeds = {
  table: true, objects: true, secrets: true, queues: true, distributionInvalidation: true, oidcClientSecrets: true,
  // Not a grant: the bundler copies the module beside the code (infra/bundle.ts).
  native: true,
  mail: true,
} as const satisfies Record<keyof Needs, true>;
export const grantedNeedKinds = Object.keys(grantedNeeds);

const OBJECT_ACTIONS = {
  read: ['s3:GetObject'],
  readDelete: ['s3:GetObject', 's3:DeleteObject'],
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
} as const;

function bucketOf(r: SharedResources, name: BucketName): s3.IBucket {
  return ({ uploads: r.uploads, logs: r.logBucket } satisfies Record<BucketName, s3.IBucket>)[name];
}

function secretOf(r: SharedResources, name: SecretName): secretsmanager.ISecret {
  return ({ auth: r.authSecret, walletConfig: r.walletConfigSecret, walletLink: r.walletLinkSecret } satisfies Record<SecretName, secretsmanager.ISecret>)[name];
}

function queueOf(r: SharedResources, name: QueueName): sqs.IQueue {
  return ({ invalidation: r.invalidationQueue } satisfies Record<QueueName, sqs.IQueue>)[name];
}

function statementsFor(needs: Needs, r: SharedResources): iam.PolicyStatement[] {
  const out: iam.PolicyStatement[] = [];
  if (needs.table) {
    // The indexes by name, not `index/*`: a new index is a deliberate grant.
    const tableArns = [r.table.tableArn, ...tableDefinition.globalSecondaryIndexes.map((g) => `${r.table.tableArn}/index/${g.indexName}`)];
    out.push(new iam.PolicyStatement({ actions: needs.table === 'readWrite' ? [...TABLE_READ, ...TABLE_WRITE] : TABLE_READ, resources: tableArns }));
  }
  for (const o of needs.objects ?? []) {
    const bucket = bucketOf(r, o.bucket);
    out.push(new iam.PolicyStatement({ actions: [...OBJECT_ACTIONS[o.access]], resources: [bucket.arnForObjects(`${o.prefix}*`)] }));
    // Listing only the prefix (the statistics merge lists the waiting log files).
    if (o.list) out.push(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn], conditions: { StringLike: { 's3:prefix': [`${o.prefix}*`] } } }));
    // Erasing for good in the versioned bucket: its versions listed and deleted by id (only this prefix's).
    if (o.versions) {
      out.push(new iam.PolicyStatement({ actions: ['s3:DeleteObjectVersion'], resources: [bucket.arnForObjects(`${o.prefix}*`)] }));
      out.push(new iam.PolicyStatement({ actions: ['s3:ListBucketVersions'], resources: [bucket.bucketArn], conditions: { StringLike: { 's3:prefix': [`${o.prefix}*`] } } }));
    }
  }
  if (needs.secrets?.length) {
    out.push(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: needs.secrets.map((n) => secretOf(r, n).secretArn) }));
  }
  if (needs.oidcClientSecrets) {
    // Only the secrets under the stack's prefix (infra/stack.ts OIDC_SECRET_PREFIX), never the stack's own.
    const stack = Stack.of(r.table);
    const arn = stack.formatArn({ service: 'secretsmanager', resource: 'secret', resourceName: `${stack.stackName}/oidc-client/*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    out.push(new iam.PolicyStatement({
      actions: needs.oidcClientSecrets === 'readWrite'
        ? ['secretsmanager:GetSecretValue', 'secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue', 'secretsmanager:DeleteSecret']
        : ['secretsmanager:GetSecretValue'],
      resources: [arn],
    }));
  }
  if (needs.queues?.length) out.push(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: needs.queues.map((n) => queueOf(r, n).queueArn) }));
  // Only from the configured sender: the function cannot send as anyone else the identity covers.
  if (needs.mail && r.mail) {
    out.push(new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: r.mail.identityArns, conditions: { StringEquals: { 'ses:FromAddress': r.mail.from } } }));
  }
  if (needs.distributionInvalidation) {
    if (!r.distributionArn) throw new Error('distributionInvalidation: the distribution must exist before this function (jobs are created after it)');
    out.push(new iam.PolicyStatement({ actions: ['cloudfront:CreateInvalidation'], resources: [r.distributionArn] }));
  }
  return out;
}

/** `arn:aws:cloudfront::<account>:distribution/<id>` (CloudFront ARNs have no region). */
export function distributionArn(scope: Construct, distributionId: string): string {
  return Stack.of(scope).formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: distributionId });
}
