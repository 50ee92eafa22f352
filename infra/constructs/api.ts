import { Duration, Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { RemovalPolicy } from 'aws-cdk-lib';
import { apiRouteKey, routeNeeds } from '../../shared/api/define.ts';
import type { RouteDef } from '../../shared/api/define.ts';
import type { AreaName } from '../../shared/api/routes.ts';
import { mergeNeeds } from '../../shared/api/needs.ts';
import { AppFunction } from './app-function.ts';
import type { SharedResources } from './app-function.ts';

/**
 * Lambda proxy integration of one area function, shared by all its routes: one integration and
 * one invoke permission per area instead of one per route (HttpLambdaIntegration adds a
 * permission per route), so a route costs exactly one resource, its AWS::ApiGatewayV2::Route.
 */
class AreaIntegration extends apigw.HttpRouteIntegration {
  private readonly fn: lambda.IFunction;
  constructor(id: string, fn: lambda.IFunction) {
    super(id);
    this.fn = fn;
  }
  bind(): apigw.HttpRouteIntegrationConfig {
    return { type: apigw.HttpIntegrationType.AWS_PROXY, uri: this.fn.functionArn, payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0 };
  }
}

/**
 * API Gateway throttling of the stage: a ceiling for all clients together (requests per second,
 * burst), so a flood cannot run up the Lambda bill; per-client limits are the WAF's rate rules per
 * address (infra/waf-stack.ts) and the handlers' per-account buckets. A low stage limit would let
 * one client lock everyone out (issue 19). Ceilings per route: `throttle` in the route table.
 */
export const stageThrottle = { rateLimit: 1000, burstLimit: 2000 };

/** The HTTP API's integration timeout (its maximum): a function answering later gets the client a 503/504. */
export const HTTP_API_TIMEOUT_SECONDS = 30;

/** Memory and timeout of a function: the largest any of its routes asks for (`lambda` in the table); unset: the base's 512 MB, 10 s. */
export function functionSettings(routes: readonly RouteDef[]): { memorySize?: number; timeoutSeconds?: number } {
  const memory = Math.max(0, ...routes.map((r) => r.lambda?.memoryMb ?? 0));
  const timeout = Math.max(0, ...routes.map((r) => r.lambda?.timeoutSeconds ?? 0));
  return { ...(memory ? { memorySize: memory } : {}), ...(timeout ? { timeoutSeconds: timeout } : {}) };
}

export interface ApiProps {
  /** Routes served by API Gateway, by area: one function each. */
  areas: Readonly<Record<string, readonly RouteDef[]>>;
  resources: SharedResources;
  environment: Record<string, string>;
  originSecret: secretsmanager.ISecret;
}

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly functions: Record<string, AppFunction> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new apigw.HttpApi(this, 'Http', { description: 'Visitenkarten API (only through CloudFront: origin secret)', createDefaultStage: false });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new apigw.HttpStage(this, 'Stage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: stageThrottle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify({
          requestId: '$context.requestId',
          routeKey: '$context.routeKey',
          status: '$context.status',
          // Behind CloudFront this is the edge's address, not the visitor's: the function's request
          // line (same requestId) carries the visitor's `ip` (x-viewer-address, functions/lib/http.ts).
          edgeIp: '$context.identity.sourceIp',
          latencyMs: '$context.responseLatency',
          integrationLatencyMs: '$context.integrationLatency',
          integrationError: '$context.integrationErrorMessage',
          error: '$context.error.message',
          time: '$context.requestTime',
        })),
      },
    });
    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    // A JSON-typed property: CloudFormation's own (capitalised) names, CDK does not convert them;
    // keyed by the route key API Gateway knows (`ANY …` for a GET route).
    cfnStage.routeSettings = Object.fromEntries(Object.values(props.areas).flat().filter((r) => r.throttle)
      .map((r) => [apiRouteKey(r), { ThrottlingRateLimit: r.throttle!.rateLimit, ThrottlingBurstLimit: r.throttle!.burstLimit }]));

    const throttled: apigw.HttpRoute[] = [];
    const stack = Stack.of(this);
    const invokeFrom = stack.formatArn({ service: 'execute-api', resource: this.httpApi.apiId, resourceName: '*/*' });
    for (const [area, routes] of Object.entries(props.areas)) {
      const settings = functionSettings(routes);
      const fn = new AppFunction(this, `Area-${area}`, {
        entry: { area: area as AreaName },
        description: `API area ${area}: ${routes.length} routes`,
        needs: mergeNeeds(routes.map(routeNeeds)),
        resources: props.resources,
        environment: { ...props.environment, ORIGIN_SECRET_ARN: props.originSecret.secretArn },
        ...(settings.memorySize ? { memorySize: settings.memorySize } : {}),
        ...(settings.timeoutSeconds ? { timeout: Duration.seconds(settings.timeoutSeconds) } : {}),
      });
      fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [props.originSecret.secretArn] }));
      fn.fn.addPermission('ApiInvoke', { principal: new iam.ServicePrincipal('apigateway.amazonaws.com'), sourceArn: invokeFrom });
      const integration = new AreaIntegration(`Int-${area}`, fn.fn);
      for (const route of routes) {
        // A GET route is declared as ANY, so HEAD reaches it (shared/api/define.ts apiRouteKey).
        const method = apiRouteKey(route).split(' ')[0] as keyof typeof apigw.HttpMethod;
        const httpRoute = new apigw.HttpRoute(this, `Route-${route.name}`, {
          httpApi: this.httpApi,
          routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[method]),
          integration,
        });
        if (route.throttle) throttled.push(httpRoute);
      }
      this.functions[area] = fn;
    }
    // API Gateway refuses a stage whose route settings name a route that does not exist yet, so the
    // stage waits for every route it names (the first deploy failed without this).
    for (const route of throttled) this.stage.node.addDependency(route);
  }
}
