import './zod-config.ts';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './router.tsx';
import { Toaster } from './toaster.tsx';
import './styles.css';
import './backoffice.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
}
