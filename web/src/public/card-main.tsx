import { createRoot } from 'react-dom/client';
import { CardPage } from './card-page.tsx';
import { QrWalletPage } from './qr-wallet-page.tsx';
import { installTapBeacon } from './tap-beacon.ts';

// Entry of card.html, the public card page (built apart from the back office by web/build.ts).
// `/qr/:id/:signature` (the QR wallet page) shares this entry. It is imported statically on
// purpose (a few KB): as a lazy chunk it would reach the renderer but not the theme kit, and
// esbuild would then split the renderer into a chunk of its own, one request more on every card.
const root = document.getElementById('root');
if (root) {
  installTapBeacon();
  createRoot(root).render(location.pathname.startsWith('/qr/')
    ? <QrWalletPage pathname={location.pathname} />
    : <CardPage pathname={location.pathname} />);
}
