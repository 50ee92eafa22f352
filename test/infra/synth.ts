import { App, Validations } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
export const webDir = join(root, 'dist/web');

/** The feature flags of cdk.json: the test synthesizes what `cdk synth` would, not CDK's old defaults. */
export function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(readFileSync(join(root, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
}

export interface NagFinding {
  rule: string;
  severity: string;
  path: string;
}

export interface Synthesized<S extends Stack> {
  stack: S;
  template: Template;
  /** cdk-nag AwsSolutions findings that are NOT acknowledged (infra/nag.ts). */
  findings: NagFinding[];
  /** The stack's own configuration warnings (e.g. no publicBaseUrl). */
  warnings: NagFinding[];
  outdir: string;
}

/**
 * Synthesizes a stack like `cdk synth` (cdk.json context) with cdk-nag's AwsSolutions checks,
 * bundling skipped (the bundles have their own test). Extra context is merged in.
 */
const outdirs: string[] = [];

/** Removes every cloud assembly synth() wrote (staged web assets are megabytes each). */
export function removeSynthOutput(): void {
  for (const dir of outdirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function synth<S extends Stack>(make: (app: App) => S, context: Record<string, unknown> = {}): Synthesized<S> {
  const outdir = mkdtempSync(join(tmpdir(), 'vk-cdk-'));
  outdirs.push(outdir);
  const app = new App({ outdir, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = make(app);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let failed: unknown;
  try {
    app.synth();
  } catch (err) {
    failed = err;
  }
  const reportFile = join(outdir, 'validation-report.json');
  const findings: NagFinding[] = [];
  const warnings: NagFinding[] = [];
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
      pluginReports: { violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[] }[];
    };
    for (const p of report.pluginReports) for (const v of p.violations) for (const c of v.violatingConstructs) findings.push({ rule: v.ruleName, severity: v.severity, path: c.constructPath });
    // Our own configuration warnings (Annotation::visitenkarten:…) fail synth too; tests about them read `warnings`.
    warnings.push(...findings.filter((f) => f.rule.startsWith('Annotation::')));
    findings.splice(0, findings.length, ...findings.filter((f) => !f.rule.startsWith('Annotation::')));
  }
  if (failed && !findings.length) throw failed;
  const template = Template.fromJSON(JSON.parse(readFileSync(join(outdir, `${stack.artifactId}.template.json`), 'utf8')) as Record<string, unknown>);
  return { stack, template, findings, warnings, outdir };
}

export function resourceCount(template: Template): number {
  return Object.keys((template.toJSON() as { Resources: object }).Resources).length;
}
