// The single-page app: one route table, each screen loaded only when it is opened.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { messages } from '../shared/messages.ts';
import WelcomePage from './pages/welcome/welcome-page.tsx';
import { paths } from './paths.ts';
import './styles.css';

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const router = createBrowserRouter([
  {
    Component: Outlet,
    // Shown while the first screen's code arrives.
    HydrateFallback: () => <p className="page">{messages.loading}</p>,
    children: [
      { path: paths.welcome, Component: WelcomePage },
      { path: paths.login, lazy: lazyPage(() => import('./pages/login/login-page.tsx')) },
      { path: paths.register, lazy: lazyPage(() => import('./pages/register/register-page.tsx')) },
      { path: paths.invite, lazy: lazyPage(() => import('./pages/register/register-page.tsx')) },
      { path: paths.locker, lazy: lazyPage(() => import('./pages/locker/locker-page.tsx')) },
      { path: paths.notify, lazy: lazyPage(() => import('./pages/notify/notify-page.tsx')) },
      { path: paths.admin, lazy: lazyPage(() => import('./pages/admin/admin-page.tsx')) },
      { path: paths.verifyEmail, lazy: lazyPage(() => import('./pages/verify-email/verify-email-page.tsx')) },
      {
        path: paths.resetPassword,
        lazy: lazyPage(() => import('./pages/reset-password/reset-password-page.tsx')),
      },
      {
        path: paths.privacyPolicy,
        lazy: lazyPage(() => import('./pages/privacy-policy/privacy-policy-page.tsx')),
      },
      { path: paths.myData, lazy: lazyPage(() => import('./pages/my-data/my-data-page.tsx')) },
      {
        path: paths.confirmEmail,
        lazy: lazyPage(() => import('./pages/my-data/confirm-email-page.tsx')),
      },
      { path: '*', lazy: lazyPage(() => import('./pages/not-found/not-found-page.tsx')) },
    ],
  },
]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
