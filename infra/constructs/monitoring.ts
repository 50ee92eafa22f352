import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { AppFunction } from './app-function.ts';

/** What the table operations the product uses (DynamoDB reports errors and throttles per operation). */
const TABLE_OPERATIONS = [
  dynamodb.Operation.GET_ITEM, dynamodb.Operation.BATCH_GET_ITEM, dynamodb.Operation.QUERY,
  dynamodb.Operation.PUT_ITEM, dynamodb.Operation.UPDATE_ITEM, dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM, dynamodb.Operation.TRANSACT_WRITE_ITEMS,
];

export interface MonitoringProps {
  functions: Record<string, AppFunction>;
  httpApi: apigw.HttpApi;
  table: dynamodb.TableV2;
  deadLetterQueues: Record<string, sqs.IQueue>;
  /** Context `alarmEmail`: gets every alarm (the subscription must be confirmed once by mail). */
  alarmEmail?: string;
}

/** Alarms (docs/deploy.md explains each and what to do) sent to one SNS topic. */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Visitenkarten alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const five = Duration.minutes(5);
    const add = (alarmId: string, metric: cloudwatch.IMetric, o: { threshold: number; evaluationPeriods?: number; description: string }) => {
      const alarm = new cloudwatch.Alarm(this, alarmId, {
        metric,
        threshold: o.threshold,
        evaluationPeriods: o.evaluationPeriods ?? 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: o.description,
      });
      alarm.addAlarmAction(new actions.SnsAction(this.topic));
      this.alarms.push(alarm);
    };

    for (const [name, f] of Object.entries(props.functions)) {
      add(`Errors-${name}`, f.fn.metricErrors({ period: five, statistic: 'Sum' }), {
        threshold: 1,
        description: `Function ${name} failed (crash, timeout or out of memory): see its log group; docs/deploy.md#alarms`,
      });
      add(`Throttles-${name}`, f.fn.metricThrottles({ period: five, statistic: 'Sum' }), {
        threshold: 1,
        description: `Function ${name} was throttled (account concurrency reached): docs/deploy.md#alarms`,
      });
    }
    // Every `level: "error"` log line of any function counts (unexpected failures, a CDN invalidation
    // that could not be queued, a skipped job message): one metric for all, one alarm.
    const errorLines = new cloudwatch.Metric({ namespace: 'Visitenkarten', metricName: 'ErrorLogLines', period: five, statistic: 'Sum' });
    for (const [name, f] of Object.entries(props.functions)) {
      new logs.MetricFilter(this, `ErrorLines-${name}`, {
        logGroup: f.logGroup,
        metricNamespace: errorLines.namespace,
        metricName: errorLines.metricName,
        filterPattern: logs.FilterPattern.stringValue('$.level', '=', 'error'),
        metricValue: '1',
      });
    }
    add('ErrorLogLines', errorLines, {
      threshold: 1,
      description: 'A function logged a line with level "error": search the log groups for it (CloudWatch Logs Insights: filter level = "error"); docs/deploy.md#alarms',
    });
    add('Api5xx', props.httpApi.metricServerError({ period: five, statistic: 'Sum' }), {
      threshold: 5,
      description: 'API answered 5xx at least 5 times in 5 minutes: search the area logs for level "error"; docs/deploy.md#alarms',
    });
    add('ApiLatencyP99', props.httpApi.metricLatency({ period: five, statistic: 'p99' }), {
      threshold: 3000,
      evaluationPeriods: 3,
      description: 'API p99 latency at or above 3 s for 15 minutes: docs/deploy.md#alarms',
    });
    add('TableSystemErrors', props.table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: five }), {
      threshold: 1,
      description: 'DynamoDB answered with internal errors (HTTP 500): docs/deploy.md#alarms',
    });
    add('TableThrottles', props.table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: five }), {
      threshold: 1,
      description: 'DynamoDB throttled requests (a hot partition or the on-demand ramp-up): docs/deploy.md#alarms',
    });
    for (const [name, dlq] of Object.entries(props.deadLetterQueues)) {
      add(`DeadLetters-${name}`, dlq.metricApproximateNumberOfMessagesVisible({ period: five, statistic: 'Maximum' }), {
        threshold: 1,
        description: `Messages of ${name} failed repeatedly and wait in its dead-letter queue: docs/deploy.md#alarms`,
      });
    }
  }
}
