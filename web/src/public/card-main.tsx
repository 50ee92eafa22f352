import { createRoot } from 'react-dom/client';
import { CardPage } from './card-page.tsx';

// Entry of card.html, the public card page (built apart from the back office by web/build.ts).
const root = document.getElementById('root');
// `/qr/:id/:signature` (the QR wallet page) shares this entry; its code loads only on that path.
if (root && location.pathname.startsWith('/qr/')) {
  void import('./qr-wallet-page.tsx').then(({ QrWalletPage }) => createRoot(root).render(<QrWalletPage pathname={location.pathname} />));
} else if (root) createRoot(root).render(<CardPage pathname={location.pathname} />);
