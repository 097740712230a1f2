// The frame of every screen: the brand header (with the signed-in navigation where given), the page title in the
// tab, the content.
import { type ReactNode, useEffect } from 'react';
import { appConfig } from '../app-config.ts';
import { Link } from '../router.tsx';
import { Logo } from './logo.tsx';

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${appConfig.brandName}`;
  }, [title]);
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
  /** Passed in by the signed-in screens, so its code stays out of the first paint of `/`. */
  nav?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="shell">
      <header className="shell__header">
        <Link to="/" className="brand">
          <Logo size={36} />
          <span>{appConfig.brandName}</span>
        </Link>
        {nav}
      </header>
      <main className={wide ? 'page page--wide' : 'page'}>{children}</main>
    </div>
  );
}
