import { msg } from '../../../../shared/messages.ts';

/** Share of the chart's height the largest bar takes (spec §9: bars scaled to 90% of the maximum). */
export const BAR_MAX_SHARE = 0.9;

/** Bar height in percent of the chart for `value`, scaled so `max` reaches 90%. */
export function barHeight(value: number, max: number): number {
  return max > 0 ? (Math.max(0, value) / max) * BAR_MAX_SHARE * 100 : 0;
}

const MONTHS = ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];

/** '03.25' for the bar's title (month and year, exact). */
const monthLabel = (month: string) => {
  const [y, m] = month.split('-');
  return `${m}.${y?.slice(2)}`;
};

/** 'Mär' under the bar: three letters fit beside each other down to a phone's width. */
const shortMonth = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1] ?? month;

/**
 * One bar per month; the values are also in the table below the charts. `compact`: the small
 * charts in a table row, too narrow for twelve labels, name every third month and show only the
 * highest value (the others keep their text for screen readers and in the bar's title).
 */
export function BarChart({ title, months, values, compact = false }: { title: string; months: string[]; values: number[]; compact?: boolean }) {
  const max = Math.max(0, ...values);
  return (
    <figure className={`bar-chart${compact ? ' bar-chart-compact' : ''}`} aria-label={msg.credit.stats.chartLabel(title)}>
      <figcaption>{title}</figcaption>
      <div className="bar-chart-bars">
        {months.map((month, i) => {
          const value = values[i] ?? 0;
          const shown = !compact || (months.length - 1 - i) % 3 === 0;
          return (
            <div key={month} className="bar-chart-col" title={msg.credit.stats.barTitle(monthLabel(month), value)}>
              <span className="bar-chart-bar" data-testid="bar" data-value={value} style={{ height: `${barHeight(value, max)}%` }}>
                <span className={!compact || (value > 0 && value === max) ? 'bar-chart-value' : 'bar-chart-value visually-hidden'}>{value.toLocaleString('de-DE')}</span>
              </span>
              <span className={shown ? 'bar-chart-label' : 'bar-chart-label visually-hidden'}>{shortMonth(month)}</span>
            </div>
          );
        })}
      </div>
    </figure>
  );
}
