import { CfnOutput, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { routeList, handlerFileName } from '../shared/api/routes.ts';
import { cloudFrontFunctionCode, viewerAddressFunctionCode } from '../shared/edge-functions.ts';
import { tableDefinition } from '../functions/lib/table-definition.ts';
import { handlerBundle } from '../functions/bundle-options.ts';
import { needsOf } from './grants.ts';

const root = resolve(import.meta.dirname, '..');

export interface VisitenkartenStackProps extends StackProps {
  /** Built SPA to upload; skipped when absent (tests synthesize without a web build). */
  webDir?: string;
}

export class VisitenkartenStack extends Stack {
  constructor(scope: Construct, id: string, props: VisitenkartenStackProps = {}) {
    super(scope, id, props);

    const t = tableDefinition;
    const table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: t.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: t.sortKey, type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: t.timeToLive,
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: t.globalSecondaryIndexes.map((g) => ({
        indexName: g.indexName,
        partitionKey: { name: g.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: g.sortKey, type: dynamodb.AttributeType.STRING },
      })),
    });

    const uploads = new s3.Bucket(this, 'Uploads', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const authSecret = new secretsmanager.Secret(this, 'AuthSecret', {
      description: 'Signing key for session tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });

    const api = new HttpApi(this, 'Api', { description: 'Visitenkarten API' });

    for (const route of routeList) {
      const needs = needsOf(route);
      const fileName = handlerFileName(route.name);
      const fn = new NodejsFunction(this, `Fn-${route.name}`, {
        entry: join(root, 'functions/handlers', `${fileName}.ts`),
        handler: 'handler',
        runtime: lambda.Runtime.NODEJS_24_X,
        architecture: lambda.Architecture.ARM_64,
        memorySize: 512,
        timeout: Duration.seconds(10),
        logGroup: new logs.LogGroup(this, `Logs-${route.name}`, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
        environment: {
          TABLE_NAME: table.tableName,
          UPLOADS_BUCKET: uploads.bucketName,
          AUTH_SECRET_ARN: authSecret.secretArn,
          NODE_OPTIONS: '--enable-source-maps',
        },
        bundling: {
          format: OutputFormat.ESM,
          target: handlerBundle.target,
          minify: handlerBundle.minify,
          sourceMap: handlerBundle.sourcemap,
          externalModules: handlerBundle.external,
          mainFields: handlerBundle.mainFields,
          banner: handlerBundle.banner,
        },
      });
      if (needs.table === 'read') table.grantReadData(fn);
      else table.grantReadWriteData(fn);
      if (needs.uploads === 'read') uploads.grantRead(fn);
      if (needs.uploads === 'readWrite') uploads.grantReadWrite(fn);
      if (needs.authSecret) authSecret.grantRead(fn);
      api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`Int-${route.name}`, fn),
      });
    }

    const webBucket = new s3.Bucket(this, 'Web', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const rewrite = new cloudfront.Function(this, 'SpaRewrite', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(cloudFrontFunctionCode()),
      comment: 'Sends SPA routes to /index.html; leaves assets and /api/ alone',
    });

    // Behind CloudFront, API Gateway's sourceIp is the edge's address, shared by many visitors;
    // the sign-in throttle needs the visitor's own (see functions/lib/http.ts).
    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(viewerAddressFunctionCode()),
      comment: 'Passes the viewer address to the API as x-viewer-address',
    });
    const apiDomain = Fn.select(2, Fn.split('/', api.apiEndpoint));
    // API answers carry their own Cache-Control (no-store for JSON, immutable for images).
    // With caching enabled, CloudFront forwards Authorization on GET only as part of the cache
    // key: without it every signed-in GET would reach the Lambda without its token.
    const apiCachePolicy = new cloudfront.CachePolicy(this, 'ApiCache', {
      comment: 'Honours origin Cache-Control; Authorization and query strings in the key',
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(webBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        functionAssociations: [{ function: rewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomain),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCachePolicy,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
      },
    });

    if (props.webDir && existsSync(join(props.webDir, 'index.html'))) {
      new s3deploy.BucketDeployment(this, 'WebDeployment', {
        sources: [s3deploy.Source.asset(props.webDir)],
        destinationBucket: webBucket,
        distribution,
        distributionPaths: ['/index.html'],
        // Keep the hashed chunks of earlier deploys: open pages still load them lazily.
        prune: false,
      });
    }

    new CfnOutput(this, 'Url', { value: `https://${distribution.distributionDomainName}` });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'ApiEndpoint', { value: api.apiEndpoint });
  }
}
