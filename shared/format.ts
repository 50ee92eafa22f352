import { berlinDateTimeText } from './berlin-clock.ts';

/** Spec §9: dates read "dd.mm.yyyy, hh:mm Uhr". Without `timeZone` the runtime's zone is used. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // The server writes Berlin time: without ICU's zone data (shared/berlin-clock.ts), same text.
  if (timeZone === 'Europe/Berlin') return `${berlinDateTimeText(date)} Uhr`;
  const text = new Intl.DateTimeFormat('de-DE', {
    day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
  return `${text} Uhr`;
}
