import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import type { IConstruct } from 'constructs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { OLD_ASSET_DAYS, S3_LOG_PREFIX } from '../layout.ts';

/** Where every deploy's hashed assets are also kept (bounded by a lifecycle rule); CloudFront falls back to it. */
export const PREVIOUS_ASSETS_PATH = '/previous';

export const cacheControl = {
  /** `assets/` names carry their content hash (web/build.ts). */
  hashed: 'public, max-age=31536000, immutable',
  /** index.html and the few unhashed files: always revalidated, so a deploy is seen at once. */
  revalidate: 'no-cache',
};

export class WebBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: { logBucket: s3.IBucket }) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Rebuilt by every deploy; kept on stack deletion (no custom resource to empty it).
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: `${S3_LOG_PREFIX}web/`,
      lifecycleRules: [{ id: 'previous-assets', prefix: `${PREVIOUS_ASSETS_PATH.slice(1)}/`, expiration: Duration.days(OLD_ASSET_DAYS) }],
    });
  }

  /**
   * Uploads a build: `assets/` exactly as built (immutable), a copy into `previous/assets/` that
   * only the lifecycle rule removes, then the rest (index.html, favicon) revalidated. Source maps
   * stay out of the bucket.
   */
  deploy(webDir: string, distribution: cloudfront.IDistribution, o: { pageFunctions?: readonly IConstruct[] } = {}): void {
    if (!existsSync(join(webDir, 'index.html'))) return;
    const assets = s3deploy.Source.asset(join(webDir, 'assets'), { exclude: ['*.map', '**/*.map'] });
    const current = new s3deploy.BucketDeployment(this, 'Assets', {
      sources: [assets],
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'assets/',
      cacheControl: [s3deploy.CacheControl.fromString(cacheControl.hashed)],
      prune: true,
    });
    new s3deploy.BucketDeployment(this, 'PreviousAssets', {
      sources: [assets],
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${PREVIOUS_ASSETS_PATH.slice(1)}/assets/`,
      cacheControl: [s3deploy.CacheControl.fromString(cacheControl.hashed)],
      prune: false,
    });
    const pages = new s3deploy.BucketDeployment(this, 'Pages', {
      sources: [s3deploy.Source.asset(webDir, { exclude: ['assets', 'assets/*', '*.map', '**/*.map'] })],
      destinationBucket: this.bucket,
      // Never prune what the other deployments own.
      exclude: ['assets/*', `${PREVIOUS_ASSETS_PATH.slice(1)}/*`],
      cacheControl: [s3deploy.CacheControl.fromString(cacheControl.revalidate)],
      prune: true,
      distribution,
      // Both HTML entries: the back office (index.html) and the public pages (card.html), and every
      // cached card page `/c/{id}` (issue 20: the API fills this build's card.html; a copy cached at
      // the edge names the previous build's scripts, which expire after OLD_ASSET_DAYS).
      distributionPaths: ['/index.html', '/card.html', '/c/*'],
    });
    // The pages must never point at chunks that are not uploaded yet, and the card pages are
    // invalidated only once the functions that fill the new card.html are in place.
    pages.node.addDependency(current);
    for (const fn of o.pageFunctions ?? []) pages.node.addDependency(fn);
  }
}
