import { cardPageTexts as t } from '../../../shared/card/page-texts.ts';

/** What both public pages show when their card is missing, or does not load (with a retry). */
export function LoadProblem({ status, onRetry }: { status: 'not-found' | 'failed'; onRetry: () => void }) {
  if (status === 'not-found') return <main className="card-page-message"><h1>{t.notFound}</h1></main>;
  return (
    <main className="card-page-message">
      <h1>{t.loadFailed}</h1>
      <button type="button" onClick={onRetry}>{t.retry}</button>
    </main>
  );
}
