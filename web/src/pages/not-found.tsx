import { msg } from '../../../shared/messages.ts';

export function NotFound() {
  return (
    <main className="center-page">
      <h1>{msg.ui.notFound}</h1>
    </main>
  );
}
