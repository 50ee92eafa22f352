import { Duration, TimeZone } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { JobDef } from '../jobs.ts';
import { AppFunction } from './app-function.ts';
import type { SharedResources } from './app-function.ts';

export interface JobsProps {
  jobs: readonly JobDef[];
  resources: SharedResources;
  environment: Record<string, string>;
  queues: Record<'invalidation', sqs.IQueue>;
  buckets: Record<'logs', s3.IBucket>;
  /** The table whose stream feeds `tableStream` jobs. */
  table: dynamodb.ITableV2;
  /** Where a `tableStream` job's failed batches go (named by the trigger). */
  streamDeadLetters: Record<'cardChanged', sqs.IQueue>;
}

/** One function per job (infra/jobs.ts) with its trigger: schedule, queue, the table's stream or new objects in a bucket. */
export class Jobs extends Construct {
  readonly functions: Record<string, AppFunction> = {};

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    for (const job of props.jobs) {
      const f = new AppFunction(this, job.name, {
        entry: { job: job.name },
        description: `Job ${job.name}: ${job.description}`,
        needs: job.needs,
        resources: props.resources,
        environment: props.environment,
        ...(job.memorySize ? { memorySize: job.memorySize } : {}),
        ...(job.timeoutSeconds ? { timeout: Duration.seconds(job.timeoutSeconds) } : {}),
      });
      const t = job.trigger;
      if (t.kind === 'queue') {
        f.fn.addEventSource(new SqsEventSource(props.queues[t.queue], {
          batchSize: t.batchSize,
          maxBatchingWindow: Duration.seconds(t.maxBatchingWindowSeconds),
          ...(t.maxConcurrency ? { maxConcurrency: t.maxConcurrency } : {}),
        }));
      } else if (t.kind === 'tableStream') {
        f.fn.addEventSource(new DynamoEventSource(props.table, {
          // From the oldest record the stream keeps (24 h): a change written while the job was
          // failing or being deployed is still handled (handled ones are skipped by their doneAt).
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: t.batchSize,
          maxBatchingWindow: Duration.seconds(t.maxBatchingWindowSeconds),
          retryAttempts: t.retryAttempts,
          // A failing batch is split until the failing part is alone, so one bad change holds back no other.
          bisectBatchOnError: true,
          onFailure: new SqsDlq(props.streamDeadLetters[t.deadLetters]),
          filters: [lambda.FilterCriteria.filter(t.filter)],
        }));
      } else if (t.kind === 'schedule') {
        new scheduler.Schedule(this, `${job.name}-Schedule`, {
          description: job.description,
          schedule: scheduler.ScheduleExpression.expression(`cron(${t.cron})`, TimeZone.of(t.timeZone)),
          target: new schedulerTargets.LambdaInvoke(f.fn, { retryAttempts: 2 }),
        });
      } else if (t.kind === 'manual') {
        // Invoked by an operator (stack output of its name, docs/deploy.md).
      } else {
        // EventBridge instead of a bucket notification: no custom resource, several consumers possible.
        new events.Rule(this, `${job.name}-Objects`, {
          description: job.description,
          eventPattern: {
            source: ['aws.s3'],
            detailType: ['Object Created'],
            detail: { bucket: { name: [props.buckets[t.bucket].bucketName] }, object: { key: [{ prefix: t.prefix }] } },
          },
          targets: [new eventTargets.LambdaFunction(f.fn, {
            retryAttempts: 2,
            // The shape of an S3 notification, so a handler typed S3Event reads it unchanged.
            event: events.RuleTargetInput.fromObject({
              Records: [{
                eventSource: 'aws:s3',
                eventName: 'ObjectCreated:Put',
                s3: {
                  bucket: { name: events.EventField.fromPath('$.detail.bucket.name') },
                  object: { key: events.EventField.fromPath('$.detail.object.key') },
                },
              }],
            }),
          })],
        });
      }
      this.functions[job.name] = f;
    }
  }
}
