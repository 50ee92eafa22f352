import { msg } from '../../../../shared/messages.ts';

/** Share of the chart's height the largest bar takes (spec §9: bars scaled to 90% of the maximum). */
export const BAR_MAX_SHARE = 0.9;

/** Bar height in percent of the chart for `value`, scaled so `max` reaches 90%. */
export function barHeight(value: number, max: number): number {
  return max > 0 ? (Math.max(0, value) / max) * BAR_MAX_SHARE * 100 : 0;
}

const monthLabel = (month: string) => {
  const [y, m] = month.split('-');
  return `${m}.${y?.slice(2)}`;
};

/** One bar per month; the values are also in the table below the charts. */
export function BarChart({ title, months, values }: { title: string; months: string[]; values: number[] }) {
  const max = Math.max(0, ...values);
  return (
    <figure className="bar-chart" aria-label={msg.credit.stats.chartLabel(title)}>
      <figcaption>{title}</figcaption>
      <div className="bar-chart-bars">
        {months.map((month, i) => {
          const value = values[i] ?? 0;
          return (
            <div key={month} className="bar-chart-col" title={msg.credit.stats.barTitle(monthLabel(month), value)}>
              <span className="bar-chart-bar" data-testid="bar" data-value={value} style={{ height: `${barHeight(value, max)}%` }}>
                <span className="bar-chart-value">{value.toLocaleString('de-DE')}</span>
              </span>
              <span className="bar-chart-label">{monthLabel(month)}</span>
            </div>
          );
        })}
      </div>
    </figure>
  );
}
