import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'react-hot-toast';
import { router } from './router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <>
      <RouterProvider router={router} />
      {/* Spec §9: bottom-right, 5000 ms; fades are in styles.css. */}
      <Toaster position="bottom-right" toastOptions={{ duration: 5000, success: { duration: 5000 }, error: { duration: 5000 } }} />
    </>,
  );
}
