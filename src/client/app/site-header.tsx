// The header of every screen but '/': the brand, and for a signed-in person their navigation (signed-in-nav.tsx).

import { paths } from '../../shared/paths.ts';
import { type Role, useSession } from '../auth/session.ts';
import { appConfig } from './app-config.ts';
import { Logo } from './logo.tsx';
import { Link } from './router.tsx';
import { HOME, SignedInNav } from './signed-in-nav.tsx';
import './site-header.css';

/** `screenRole`: the role the screen implies (session.ts useSession), null on a public screen. */
export function SiteHeader({ screenRole }: { screenRole: Role | null }) {
  const role = useSession(screenRole);
  return (
    <header className="shell__header site-header">
      <Link to={role ? HOME[role] : paths.welcome} className="brand">
        <Logo size={32} />
        <span>{appConfig.brandName}</span>
      </Link>
      {role && <SignedInNav role={role} />}
    </header>
  );
}
