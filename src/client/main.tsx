// The single-page app: one table of screens (patterns may hold parameters, e.g. `/paquetes/:number`); the welcome
// screen ships in the first bundle, every other screen loads when it is first opened.
// The base first, then the widgets many screens share; a screen's own sheet comes with its chunk, after them
// (ADR 0019).
import './styles.css';
import './components/forms.css';
import './components/tables.css';
import './components/cards.css';
import { type ComponentType, lazy, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  adminPackagePattern,
  adminPqrDetailPattern,
  dispatchDetailPattern,
  labelPattern,
  packageDetailPattern,
  paths,
  paymentPattern,
  pqrDetailPattern,
  receiptPattern,
  routeDetailPattern,
  type ScreenPattern,
} from '../shared/paths.ts';
import { App } from './app/app.tsx';
import WelcomePage from './app/welcome/welcome-page.tsx';

const RegisterPage = lazy(() => import('./auth/register/register-page.tsx'));

const screens = {
  [paths.welcome]: WelcomePage,
  [paths.login]: lazy(() => import('./auth/login/login-page.tsx')),
  [paths.register]: RegisterPage,
  [paths.invite]: RegisterPage,
  [paths.locker]: lazy(() => import('./lockers/locker/locker-page.tsx')),
  [paths.notify]: lazy(() => import('./packages/notify/notify-page.tsx')),
  [paths.admin]: lazy(() => import('./admin/admin/today-page.tsx')),
  [paths.adminLockers]: lazy(() => import('./admin/admin/admin-page.tsx')),
  [paths.verifyEmail]: lazy(() => import('./auth/verify-email/verify-email-page.tsx')),
  [paths.resetPassword]: lazy(() => import('./auth/reset-password/reset-password-page.tsx')),
  [paths.privacyPolicy]: lazy(() => import('./privacy/privacy-policy/privacy-policy-page.tsx')),
  [paths.myData]: lazy(() => import('./privacy/my-data/my-data-page.tsx')),
  [paths.confirmEmail]: lazy(() => import('./privacy/my-data/confirm-email-page.tsx')),
  [paths.packages]: lazy(() => import('./packages/packages/packages-page.tsx')),
  [packageDetailPattern]: lazy(() => import('./packages/package/package-page.tsx')),
  [paths.warehouse]: lazy(() => import('./warehouse/warehouse/warehouse-page.tsx')),
  [labelPattern]: lazy(() => import('./warehouse/label/label-page.tsx')),
  [paths.calculator]: lazy(() => import('./charges/calculator/calculator-page.tsx')),
  [paths.adminRates]: lazy(() => import('./charges/admin-rates/admin-rates-page.tsx')),
  [paths.adminPackages]: lazy(() => import('./packages/admin-packages/admin-packages-page.tsx')),
  [paths.adminDispatches]: lazy(() => import('./dispatches/admin-dispatches/dispatches-page.tsx')),
  [dispatchDetailPattern]: lazy(() => import('./dispatches/admin-dispatches/dispatch-page.tsx')),
  [paths.adminRoutes]: lazy(() => import('./delivery/admin-routes/routes-page.tsx')),
  [routeDetailPattern]: lazy(() => import('./delivery/admin-routes/route-page.tsx')),
  [paths.adminNotices]: lazy(() => import('./notices/admin-notices/notices-page.tsx')),
  [paths.adminInvoices]: lazy(() => import('./einvoice/admin-invoices/invoices-page.tsx')),
  [paths.adminPayments]: lazy(() => import('./payments/admin-payments/payments-page.tsx')),
  [paths.courierRoute]: lazy(() => import('./delivery/courier-route/courier-route-page.tsx')),
  [paths.pqr]: lazy(() => import('./pqr/pqr/pqr-page.tsx')),
  [pqrDetailPattern]: lazy(() => import('./pqr/pqr/pqr-detail-page.tsx')),
  [paths.adminPqr]: lazy(() => import('./pqr/admin-pqr/admin-pqr-page.tsx')),
  [adminPqrDetailPattern]: lazy(() => import('./pqr/admin-pqr/admin-pqr-detail-page.tsx')),

  [paths.adminCollections]: lazy(() => import('./collections/admin-collections/collections-page.tsx')),
  [receiptPattern]: lazy(() => import('./collections/receipt/receipt-page.tsx')),
  [adminPackagePattern]: lazy(() => import('./packages/admin-package/admin-package-page.tsx')),
  [paymentPattern]: lazy(() => import('./payments/payment/payment-page.tsx')),
} satisfies Record<ScreenPattern, ComponentType>;
const NotFoundPage = lazy(() => import('./app/not-found/not-found-page.tsx'));

const root = document.getElementById('root');
if (root) {
  const app = <App screens={screens} notFound={NotFoundPage} />;
  // The server drew the screen's first paint (src/server/first-paint.ts: the courier's, a package's page): React
  // takes over its HTML as it is. Every other page arrives empty and is drawn here.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
