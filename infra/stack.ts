import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { apiRoutesByArea, functionUrlRoutes } from '../shared/api/routes.ts';
import type { RouteDef } from '../shared/api/define.ts';
import { tableDefinition } from '../functions/lib/table-definition.ts';
import { jobs as declaredJobs } from './jobs.ts';
import type { JobDef } from './jobs.ts';
import { LOG_RETENTION_DAYS, S3_LOG_PREFIX, UPLOAD_NONCURRENT_DAYS } from './layout.ts';
import { distributionArn } from './constructs/app-function.ts';
import type { SharedResources } from './constructs/app-function.ts';
import { Api } from './constructs/api.ts';
import { Edge } from './constructs/edge.ts';
import { Jobs } from './constructs/jobs.ts';
import { FunctionUrls } from './constructs/function-urls.ts';
import { Monitoring } from './constructs/monitoring.ts';
import { WebBucket } from './constructs/web.ts';
import { acknowledgeNagFindings } from './nag.ts';

export interface VisitenkartenStackProps extends StackProps {
  /** Built SPA to upload; skipped when absent (tests synthesize without a web build). */
  webDir?: string;
  /** API Gateway routes by area (default: the route table's); the budget test passes a padded table. */
  areas?: Readonly<Record<string, readonly RouteDef[]>>;
  jobs?: readonly JobDef[];
  /**
   * The WAF stack's SSM parameter holding its web ACL's ARN (infra/app-definition.ts), read at
   * deploy time; context `webAclArn` takes precedence. Neither: the distribution runs without WAF.
   */
  webAclFrom?: { name: string; region: string };
}

/** Context values (cdk.json, `-c name=value`); docs/deploy.md describes each. */
function contextOf(scope: Construct) {
  const get = (name: string): string | undefined => {
    const v = scope.node.tryGetContext(name) as unknown;
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const domainName = get('domainName');
  const certificateArn = get('certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Kontext: domainName und certificateArn (Zertifikat in us-east-1) nur zusammen angeben');
  }
  const domain = domainName && certificateArn ? { names: domainName.split(',').map((d) => d.trim()), certificateArn } : undefined;
  return {
    alarmEmail: get('alarmEmail'),
    // QR codes and vCards link to the public cards here: the own domain, else context publicBaseUrl
    // (the `Url` output of the first deploy; the functions cannot reference the distribution, which depends on them).
    publicBaseUrl: domain ? `https://${domain.names[0]}` : get('publicBaseUrl'),
    webAclArn: get('webAclArn'),
    domain,
    originSecretRevision: get('originSecretRevision') ?? '1',
    // Sender of the notification e-mails (new contacts), an address or domain verified in Amazon SES in this region.
    mailFrom: get('mailFrom'),
    auditRetentionDays: auditRetention(get('auditRetentionDays')),
  };
}

/** Days audit log entries are kept (context `auditRetentionDays`, default two years in the functions). */
function auditRetention(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error('Kontext: auditRetentionDays muss eine ganze Zahl von Tagen sein (mindestens 1), z. B. 730');
  return value;
}

/** The web ACL's ARN from another region's SSM parameter, read by a custom resource at deploy time. */
function readWebAclArn(scope: Construct, from: { name: string; region: string }): string {
  const parameterArn = Stack.of(scope).formatArn({ service: 'ssm', region: from.region, resource: 'parameter', resourceName: from.name.replace(/^\//, '') });
  const call: cr.AwsSdkCall = {
    service: 'SSM',
    action: 'getParameter',
    parameters: { Name: from.name },
    region: from.region,
    physicalResourceId: cr.PhysicalResourceId.of(from.name),
  };
  const reader = new cr.AwsCustomResource(scope, 'WebAclArn', {
    onCreate: call,
    onUpdate: call,
    policy: cr.AwsCustomResourcePolicy.fromSdkCalls({ resources: [parameterArn] }),
    installLatestAwsSdk: false,
  });
  return reader.getResponseField('Parameter.Value');
}

export class VisitenkartenStack extends Stack {
  /** The distribution's web ACL (context, or read from the WAF stack), if any. */
  readonly webAclArn: string | undefined;

  constructor(scope: Construct, id: string, props: VisitenkartenStackProps = {}) {
    super(scope, id, props);
    const ctx = contextOf(this);
    this.webAclArn = ctx.webAclArn ?? (props.webAclFrom ? readWebAclArn(this, props.webAclFrom) : undefined);

    const t = tableDefinition;
    const table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: t.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: t.sortKey, type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      timeToLiveAttribute: t.timeToLive,
      // New card changes reach the card-changed job through the stream (functions/domain/cards/card-change.ts).
      dynamoStream: dynamodb.StreamViewType[t.streamViewType],
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: t.globalSecondaryIndexes.map((g) => ({
        indexName: g.indexName,
        partitionKey: { name: g.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: g.sortKey, type: dynamodb.AttributeType.STRING },
      })),
    });

    // Access logs of CloudFront (standard logs need ACLs: bucket owner preferred) and of the buckets.
    const logBucket = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(LOG_RETENTION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    const uploads = new s3.Bucket(this, 'Uploads', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: `${S3_LOG_PREFIX}uploads/`,
      lifecycleRules: [{
        id: 'noncurrent-versions',
        // An overwritten or deleted image stays recoverable this long, then it is gone for good.
        noncurrentVersionExpiration: Duration.days(UPLOAD_NONCURRENT_DAYS),
        expiredObjectDeleteMarker: true,
        abortIncompleteMultipartUploadAfter: Duration.days(1),
      }],
    });

    const authSecret = new secretsmanager.Secret(this, 'AuthSecret', {
      description: 'Signing key for session tokens (rotation: docs/deploy.md#secret-rotation)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    const originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: 'Header value CloudFront sends to the API; requests without it are refused (rotation: docs/deploy.md#secret-rotation)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });

    // Wallet: the configuration (one JSON secret the operator fills: README, Wallet passes) and the
    // key of the signed wallet links (rotating it voids every printed wallet QR code).
    const walletConfigSecret = new secretsmanager.Secret(this, 'WalletConfig', {
      description: 'Wallet configuration JSON: APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT, GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_KEY',
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'placeholder', excludePunctuation: true },
    });
    const walletLinkSecret = new secretsmanager.Secret(this, 'WalletLinkSecret', {
      description: 'Key of the signed wallet links and pass tokens (rotation voids printed wallet QR codes: docs/decisions.md)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });

    // CDN invalidations go through a queue: functions -> distribution -> API -> functions would be a cycle.
    // Batches of card changes the card-changed job failed on after its retries (the stream's
    // on-failure destination: which records, to replay within the stream's 24 h; docs/deploy.md).
    const cardChangedDlq = new sqs.Queue(this, 'CardChangedDeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    const invalidationDlq = new sqs.Queue(this, 'InvalidationDeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    const invalidationQueue = new sqs.Queue(this, 'Invalidations', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // At least 6x the consumer's timeout (AWS guidance for Lambda event sources).
      visibilityTimeout: Duration.minutes(3),
      deadLetterQueue: { queue: invalidationDlq, maxReceiveCount: 5 },
    });

    const mail = ctx.mailFrom
      ? {
          from: ctx.mailFrom,
          identityArns: [ctx.mailFrom, ctx.mailFrom.split('@')[1]!].map((identity) => this.formatArn({ service: 'ses', resource: 'identity', resourceName: identity })),
        }
      : undefined;
    const resources: SharedResources = { table, uploads, logBucket, authSecret, invalidationQueue, walletConfigSecret, walletLinkSecret, ...(mail ? { mail } : {}) };
    const environment = {
      TABLE_NAME: table.tableName,
      UPLOADS_BUCKET: uploads.bucketName,
      AUTH_SECRET_ARN: authSecret.secretArn,
      INVALIDATION_QUEUE_URL: invalidationQueue.queueUrl,
      CDN_LOG_BUCKET: logBucket.bucketName,
      ...(ctx.publicBaseUrl ? { PUBLIC_BASE_URL: ctx.publicBaseUrl } : {}),
      // Shown on the admins' Systemstatus screen (where alarms go); the subscription itself is the alarm topic's.
      ...(ctx.alarmEmail ? { ALARM_EMAIL: ctx.alarmEmail } : {}),
      WALLET_CONFIG_SECRET_ARN: walletConfigSecret.secretArn,
      WALLET_LINK_SECRET_ARN: walletLinkSecret.secretArn,
      ...(ctx.mailFrom ? { MAIL_FROM: ctx.mailFrom } : {}),
      // One secret per company's OpenID provider, created by the settings route under this prefix (issue 26).
      OIDC_SECRET_PREFIX: `${this.stackName}/oidc-client/`,
      ...(ctx.auditRetentionDays ? { AUDIT_RETENTION_DAYS: ctx.auditRetentionDays } : {}),
    };

    const routeAreas = props.areas ?? apiRoutesByArea();
    const api = new Api(this, 'Api', { areas: routeAreas, resources, environment, originSecret });

    const urlRoutes = functionUrlRoutes();
    const functionUrls = new FunctionUrls(this, 'Urls', { urls: urlRoutes, resources, environment });

    const web = new WebBucket(this, 'Web', { logBucket });
    const edge = new Edge(this, 'Edge', {
      webBucket: web.bucket,
      httpApi: api.httpApi,
      routes: [...Object.values(routeAreas).flat(), ...Object.values(urlRoutes).flat()],
      functionUrls: functionUrls.urls,
      originSecret,
      originSecretRevision: ctx.originSecretRevision,
      logBucket,
      ...(this.webAclArn ? { webAclArn: this.webAclArn } : {}),
      ...(ctx.domain ? { domain: ctx.domain } : {}),
    });
    // The card pages `/c/{id}` come from the card area's function (route cardPage), filled from this build.
    if (props.webDir) web.deploy(props.webDir, edge.distribution, { pageFunctions: Object.values(api.functions) });

    const jobDefs = props.jobs ?? declaredJobs;
    // EventBridge notifications of the log bucket only while a job consumes them (infra/jobs.ts, kind
    // 'bucket'; none today). Set on the resource: `eventBridgeEnabled` adds a custom-resource Lambda.
    if (jobDefs.some((j) => j.trigger.kind === 'bucket')) {
      (logBucket.node.defaultChild as s3.CfnBucket).notificationConfiguration = { eventBridgeConfiguration: { eventBridgeEnabled: true } };
    }
    const jobs = new Jobs(this, 'Jobs', {
      jobs: jobDefs,
      resources: { ...resources, distributionArn: distributionArn(this, edge.distribution.distributionId) },
      environment: { ...environment, DISTRIBUTION_ID: edge.distribution.distributionId },
      queues: { invalidation: invalidationQueue },
      table,
      streamDeadLetters: { cardChanged: cardChangedDlq },
      buckets: { logs: logBucket },
    });

    new Monitoring(this, 'Monitoring', {
      functions: { ...api.functions, ...Object.fromEntries(Object.entries(functionUrls.functions).map(([n, f]) => [`url-${n}`, f])), ...Object.fromEntries(Object.entries(jobs.functions).map(([n, f]) => [`job-${n}`, f])) },
      httpApi: api.httpApi,
      table,
      deadLetterQueues: { invalidations: invalidationDlq, cardChanged: cardChangedDlq },
      ...(ctx.alarmEmail ? { alarmEmail: ctx.alarmEmail } : {}),
    });

    if (!ctx.publicBaseUrl) {
      Annotations.of(this).addWarningV2('visitenkarten:noPublicBaseUrl', 'Neither domainName nor publicBaseUrl in the context: QR codes and vCards would link to http://127.0.0.1:3000. After the first deploy, deploy again with -c publicBaseUrl=<output Url> (docs/deploy.md).');
    }
    if (!ctx.mailFrom) {
      Annotations.of(this).addWarningV2('visitenkarten:noMailFrom', 'No mailFrom in the context: card holders get no e-mail about new contacts (they are still in the back office). Verify a sender in Amazon SES and deploy with -c mailFrom=<address> (docs/deploy.md).');
    }
    acknowledgeNagFindings(this, { webAcl: Boolean(this.webAclArn), certificate: Boolean(ctx.domain) });

    new CfnOutput(this, 'Url', { value: `https://${ctx.domain?.names[0] ?? edge.distribution.distributionDomainName}` });
    new CfnOutput(this, 'DistributionId', { value: edge.distribution.distributionId });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'LogBucket', { value: logBucket.bucketName });
    // Jobs an operator starts by hand (`aws lambda invoke --function-name <value> out.json`).
    for (const job of (props.jobs ?? declaredJobs).filter((j) => j.trigger.kind === 'manual')) {
      const name = job.name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
      new CfnOutput(this, `Job${name}Function`, { value: jobs.functions[job.name]!.fn.functionName, description: job.description });
    }
  }
}
