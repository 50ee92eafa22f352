import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { RouteDef } from '../../shared/api/define.ts';
import { functionSettings } from './api.ts';
import { AppFunction } from './app-function.ts';
import type { SharedResources } from './app-function.ts';
import { mergeNeeds } from '../../shared/api/needs.ts';
import { routeNeeds } from '../../shared/api/define.ts';

export interface FunctionUrlsProps {
  /** Routes by function URL name (`functionUrl` in the route table). */
  urls: Readonly<Record<string, readonly RouteDef[]>>;
  resources: SharedResources;
  environment: Record<string, string>;
}

/**
 * One function with a URL (IAM auth) per `functionUrl` name of the route table, reachable only
 * through CloudFront's origin access control (infra/constructs/edge.ts sends the routes' paths
 * here). No origin secret: the URL refuses every request CloudFront did not sign. Today: the
 * signed public wallet links (design card: passes are downloaded from signed Lambda URLs).
 */
export class FunctionUrls extends Construct {
  readonly functions: Record<string, AppFunction> = {};
  readonly urls: Record<string, lambda.FunctionUrl> = {};

  constructor(scope: Construct, id: string, props: FunctionUrlsProps) {
    super(scope, id);
    for (const [name, routes] of Object.entries(props.urls)) {
      const settings = functionSettings(routes);
      const fn = new AppFunction(this, name, {
        entry: { url: name },
        description: `Function URL ${name}: ${routes.map((r) => r.name).join(', ')} (behind CloudFront)`,
        needs: mergeNeeds(routes.map(routeNeeds)),
        resources: props.resources,
        environment: props.environment,
        ...(settings.memorySize ? { memorySize: settings.memorySize } : {}),
        ...(settings.timeoutSeconds ? { timeout: Duration.seconds(settings.timeoutSeconds) } : {}),
      });
      this.functions[name] = fn;
      this.urls[name] = fn.fn.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
    }
  }
}
