import { createRoot } from 'react-dom/client';
import { CardPage } from './card-page.tsx';

// Entry of card.html, the public card page (built apart from the back office by web/build.ts).
const root = document.getElementById('root');
if (root) createRoot(root).render(<CardPage pathname={location.pathname} />);
