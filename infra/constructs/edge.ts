import { Duration, Fn } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { cloudFrontFunctionCode, ORIGIN_SECRET_HEADER, viewerAddressFunctionCode } from '../../shared/edge-functions.ts';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, securityHeaders } from '../../shared/security-headers.ts';
import type { RouteDef } from '../../shared/api/define.ts';
import { cdnBehaviours } from '../cdn-behaviours.ts';
import type { BehaviourKind } from '../cdn-behaviours.ts';
import { CDN_LOG_PREFIX } from '../../shared/api/needs.ts';
import { PREVIOUS_ASSETS_PATH } from './web.ts';

export interface EdgeProps {
  webBucket: s3.IBucket;
  httpApi: apigw.HttpApi;
  /** Every route: the `/api/` behaviours are generated from the table (infra/cdn-behaviours.ts). */
  routes: readonly RouteDef[];
  /** The Lambda function URLs by their name in the route table (infra/constructs/function-urls.ts). */
  functionUrls: Readonly<Record<string, lambda.IFunctionUrl>>;
  originSecret: secretsmanager.ISecret;
  /** Bump (context `originSecretRevision`) after rotating the origin secret: CloudFront then reads its new value. */
  originSecretRevision: string;
  logBucket: s3.IBucket;
  /** WAF web ACL (scope CLOUDFRONT, us-east-1): context `webAclArn`, see infra/waf-stack.ts. */
  webAclArn?: string;
  /** Own domain: certificate in us-east-1 (context `domainName`, `certificateArn`). */
  domain?: { names: string[]; certificateArn: string };
}

/**
 * CloudFront in front of everything: SPA from the web bucket, /api/ to the HTTP API (with the
 * origin secret), security headers on every answer, standard logs into the log bucket.
 */
export class Edge extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: EdgeProps) {
    super(scope, id);

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers of shared/security-headers.ts',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: securityHeaders['referrer-policy'] as cloudfront.HeadersReferrerPolicy, override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      },
    });

    const rewrite = new cloudfront.Function(this, 'SpaRewrite', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(cloudFrontFunctionCode()),
      comment: 'Sends SPA routes to /index.html; leaves assets and /api/ alone',
    });
    // Behind CloudFront, API Gateway's sourceIp is the edge's address, shared by many visitors;
    // the sign-in throttle needs the visitor's own (see functions/lib/http.ts). Trusted because
    // the API only answers requests carrying the origin secret.
    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(viewerAddressFunctionCode()),
      comment: 'Passes the viewer address to the API as x-viewer-address',
    });

    const apiOrigin = new origins.HttpOrigin(Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint)), {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      // Resolved by CloudFormation at deploy time; the value never appears in the template.
      customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
    });

    // Signed-in answers: Authorization in the key (CloudFront forwards it on GET only as part of
    // the key); the API's own Cache-Control (no-store for JSON) decides, so nothing is shared.
    const privateApi = new cloudfront.CachePolicy(this, 'ApiCache', {
      comment: 'API: Authorization and query strings in the key; origin Cache-Control decides',
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      minTtl: Duration.seconds(0), defaultTtl: Duration.seconds(0), maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true, enableAcceptEncodingBrotli: true,
    });
    // Public card JSON and vCard: one cached copy for every visitor (no Authorization, no cookies);
    // the handler's s-maxage and ETag decide, changes are invalidated (functions/lib/cdn/invalidate.ts).
    const publicCard = new cloudfront.CachePolicy(this, 'PublicCardCache', {
      comment: 'Public card: no Authorization or cookies in the key; origin Cache-Control (s-maxage) decides',
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      minTtl: Duration.seconds(0), defaultTtl: Duration.seconds(0), maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true, enableAcceptEncodingBrotli: true,
    });
    // Uploaded images: random never-reused names answered `immutable`; deletion invalidates them.
    const images = new cloudfront.CachePolicy(this, 'ImageCache', {
      comment: 'Uploaded images: public, immutable, query strings (variants) in the key',
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      minTtl: Duration.seconds(0), defaultTtl: Duration.days(1), maxTtl: Duration.days(365),
    });

    const api = (cachePolicy: cloudfront.ICachePolicy, allViewer: boolean): cloudfront.BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: allViewer ? cloudfront.AllowedMethods.ALLOW_ALL : cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachePolicy,
      // Public behaviours forward nothing of the viewer beyond the key: their answers are shared.
      ...(allViewer ? { originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER } : {}),
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      compress: true,
    });

    // Function URLs (signed wallet links): the URL accepts only requests CloudFront signed (origin
    // access control); their answers are built per request (no-store), so nothing is cached.
    const functionUrl = (url: lambda.IFunctionUrl, allMethods: boolean): cloudfront.BehaviorOptions => ({
      origin: origins.FunctionUrlOrigin.withOriginAccessControl(url),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: allMethods ? cloudfront.AllowedMethods.ALLOW_ALL : cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Everything but Host: a function URL answers only to its own host name.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      compress: true,
    });

    const behaviourOf = (kind: BehaviourKind, allMethods: boolean): cloudfront.BehaviorOptions => {
      // Private: per user. Shared: the public card (JSON, vCard), one cached copy for all.
      // Immutable: uploaded images `/api/upload/{field}/{filename}`.
      if (kind === 'private') return api(privateApi, true);
      if (kind === 'shared') return api(publicCard, false);
      if (kind === 'immutable') return api(images, false);
      const name = kind.slice('functionUrl:'.length);
      const url = props.functionUrls[name];
      if (!url) throw new Error(`Function URL ${name} fehlt (infra/constructs/function-urls.ts)`);
      return functionUrl(url, allMethods);
    };
    // One options object per kind: patterns of one function URL share its origin (and its access control).
    const made = new Map<string, cloudfront.BehaviorOptions>();
    const apiBehaviours = Object.fromEntries(cdnBehaviours(props.routes).map((b) => {
      const key = `${b.kind} ${b.methods}`;
      if (!made.has(key)) made.set(key, behaviourOf(b.kind, b.methods === 'all'));
      return [b.pattern, made.get(key)!];
    }));

    const webOrigin = origins.S3BucketOrigin.withOriginAccessControl(props.webBucket);
    // Hashed assets of earlier deploys (web.ts copies every deploy's assets there and expires them):
    // a page opened before a deploy still loads its lazy chunks.
    const previousAssets = new origins.OriginGroup({
      primaryOrigin: webOrigin,
      fallbackOrigin: origins.S3BucketOrigin.withOriginAccessControl(props.webBucket, { originPath: PREVIOUS_ASSETS_PATH }),
      fallbackStatusCodes: [403, 404],
    });

    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: `Visitenkarten (origin secret revision ${props.originSecretRevision})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: CDN_LOG_PREFIX,
      logIncludesCookies: false,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...(props.domain
        ? {
            domainNames: props.domain.names,
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: rewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      // Most specific first: CloudFront takes the first pattern that matches.
      additionalBehaviors: {
        '/assets/*': {
          origin: previousAssets,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          compress: true,
        },
        // Generated from the route table, most specific first (infra/cdn-behaviours.ts).
        ...apiBehaviours,
      },
    });
  }
}
