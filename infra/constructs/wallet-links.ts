import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { walletGooglecardPublic, walletPkpassPublic } from '../../shared/api/routes/wallet.ts';
import { mergeNeeds, needsOf } from '../grants.ts';
import { areaSettings } from '../areas.ts';
import { AppFunction } from './app-function.ts';
import type { SharedResources } from './app-function.ts';

export interface WalletLinksProps {
  resources: SharedResources;
  environment: Record<string, string>;
}

/**
 * The signed public wallet links (design card: passes are downloaded from signed Lambda URLs): a
 * function URL with IAM auth, reachable only through CloudFront's origin access control
 * (infra/constructs/edge.ts sends `/api/wallet/pkpass/*\/*` and `/api/wallet/googlecard/*\/*`
 * here). No origin secret: the URL refuses every request CloudFront did not sign.
 */
export class WalletLinks extends Construct {
  readonly fn: AppFunction;
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: WalletLinksProps) {
    super(scope, id);
    const settings = areaSettings.wallet ?? {};
    this.fn = new AppFunction(this, 'Links', {
      entry: { url: 'wallet-links' },
      description: 'Signed public wallet links (pkpass, Google save link) behind CloudFront',
      needs: mergeNeeds([walletPkpassPublic, walletGooglecardPublic].map(needsOf)),
      resources: props.resources,
      environment: props.environment,
      ...(settings.memorySize ? { memorySize: settings.memorySize } : {}),
      ...(settings.timeoutSeconds ? { timeout: Duration.seconds(settings.timeoutSeconds) } : {}),
    });
    this.url = this.fn.fn.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
  }
}
