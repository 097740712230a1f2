// The frame of every screen but '/': the header (with the signed-in navigation), the page title in the tab, the
// content, the footer, and the page's live region for quiet confirmations.
import type { ReactNode } from 'react';
import { paths } from '../../shared/paths.ts';
import type { Role } from '../auth/session.ts';
import { LiveAnnouncer } from '../components/live-announcer.tsx';
import { usePageTitle } from './page-title.ts';
import { useLocation } from './router.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';

/** The screens only a signed-in person opens, and whose they are: their header shows that navigation at once. */
const SCREEN_ROLES: Array<[path: string, role: Role]> = [
  [paths.locker, 'customer'],
  [paths.notify, 'customer'],
  [paths.packages, 'customer'],
  [paths.myData, 'customer'],
  [paths.admin, 'admin'],
  [paths.warehouse, 'bodega'],
  [paths.courierRoute, 'reparto'],
  [paths.label('').replace(/\/$/, ''), 'bodega'],
];

function screenRole(pathname: string): Role | null {
  const found = SCREEN_ROLES.find(([path]) => pathname === path || pathname.startsWith(`${path}/`));
  return found?.[1] ?? null;
}

export function Page({
  title,
  children,
  wide,
  nav,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  /**
   * Marks a signed-in screen (the screens that passed their own navigation here still do): the header now shows
   * the navigation of whoever is signed in, the same on every screen, so what is passed is not shown.
   */
  nav?: ReactNode;
}) {
  usePageTitle(title);
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <SkipLink />
      <SiteHeader screenRole={screenRole(pathname) ?? (nav === undefined ? null : 'customer')} />
      <main id={MAIN_ID} tabIndex={-1} className={wide ? 'page page--wide' : 'page'}>
        {children}
      </main>
      <SiteFooter />
      <LiveAnnouncer />
    </div>
  );
}
