// `npm run bench`: every budget an issue names, measured on this machine, in one JSON report.
// Each `test/bench/*.bench.ts` exports `measure(ctx)` returning its figures; the runner adds the
// machine's own baselines (CPU, DynamoDB Local round trip) so a figure can be read against them.

export interface Figure {
  /** What was measured, in `unit`. */
  value: number;
  unit: string;
  /** The budget; absent for figures that are reported, not judged. */
  budget?: number;
  /** `max`: value must stay at or below budget; `min`: at or above. */
  direction?: 'max' | 'min';
  /** Where the budget comes from (issue number and words), and anything a reader needs. */
  note?: string;
}

export interface BenchContext {
  /** DynamoDB Local endpoint started by the runner (in-memory, shared by all modules). */
  dynamoEndpoint: string;
  /** A scratch directory for this run. */
  tmpDir: string;
}

export type BenchModule = {
  /** Groups the figures in the report (e.g. `publicCard`). */
  name: string;
  measure(ctx: BenchContext): Promise<Record<string, Figure>>;
};

export function held(f: Figure): boolean | undefined {
  if (f.budget === undefined) return undefined;
  return f.direction === 'min' ? f.value >= f.budget : f.value <= f.budget;
}

/** Median of a list of numbers (the usual summary for repeated timings). */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
