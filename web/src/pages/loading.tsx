import { msg } from '../../../shared/messages.ts';

export function Loading() {
  return (
    <main className="center-page muted" aria-busy="true">{msg.ui.loading}</main>
  );
}
