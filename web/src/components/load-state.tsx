import { msg } from '../../../shared/messages.ts';

/** What a screen shows until its data is there: a loading note, or why it could not be loaded. */
export function LoadState({ error }: { error: string | null }) {
  return (
    <section className="card">
      {error ? <p className="alert alert-danger" role="alert">{error}</p> : <p className="muted">{msg.ui.loading}</p>}
    </section>
  );
}
