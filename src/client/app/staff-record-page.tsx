// A staff screen about one record (a package, a dispatch, a route): the page with the staff's navigation, the
// record's heading ('… no encontrado' on a 404), who may see it on a 403 and the way back to its list otherwise.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminsOnly } from './admins-only.tsx';
import { Page } from './page.tsx';
import { QueryStates, showsStaffNav } from './query-states.tsx';
import { Link } from './router.tsx';
import { StaffNav } from './staff-nav.tsx';

/** The way back to the record's list ('Volver a Paquetes'); not printed. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p className="no-print">
      <Link to={to}>{label}</Link>
    </p>
  );
}

export function StaffRecordPage<T>(props: {
  /** The page's title and heading: 'Paquete 100001'. */
  title: string;
  /** The heading when the record does not exist: 'Paquete no encontrado'. */
  missing: string;
  query: UseQueryResult<T>;
  /** Couriers may see it too (the 403 says the screen is for the staff, not only for admins). */
  staff?: boolean;
  /** The record's list, shown under any failure but a 403. */
  back: { to: string; label: string };
  children: (data: T) => ReactNode;
}) {
  const { title, query } = props;
  return (
    <Page title={title} wide nav={showsStaffNav(query) ? <StaffNav /> : undefined}>
      <QueryStates
        query={query}
        heading={(missing) => <h1>{missing ? props.missing : title}</h1>}
        refused={<AdminsOnly staff={props.staff ?? false} />}
        back={<BackLink {...props.back} />}
      >
        {props.children}
      </QueryStates>
    </Page>
  );
}
