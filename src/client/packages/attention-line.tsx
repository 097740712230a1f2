// '1 paquete necesita tu atención' ('N paquetes necesitan tu atención'), on /locker and /paquetes (issue 24): the held
// packages of the customer, linking to the one, or to 'Mis paquetes' filtered to them when there are several.
import { useQuery } from '@tanstack/react-query';
import type { PackageList } from '../../shared/packages/api-types.ts';
import { paths } from '../../shared/paths.ts';
import { Link } from '../app/router.tsx';
import { listPackages, packageKeys } from './api.ts';

/** Where 'Mis paquetes' shows only the held packages (its 'Retenido' chip). */
export const heldListPath = `${paths.packages}?estado=retenido`;

export function attentionText(count: number): string {
  return count === 1 ? '1 paquete necesita tu atención' : `${count} paquetes necesitan tu atención`;
}

export function AttentionLine({ attention }: { attention: PackageList['attention'] }) {
  if (attention.count === 0) return null;
  const to =
    attention.count === 1 && attention.number !== null ? paths.packageDetail(attention.number) : heldListPath;
  return (
    <p className="attention-line">
      <span className="attention-line__mark" aria-hidden="true">
        !
      </span>
      <Link to={to}>{attentionText(attention.count)}</Link>
    </p>
  );
}

/** The line read from the customer's first page of packages (the query 'Mis paquetes' opens with). */
export function AttentionFromPackages() {
  const params = { q: '', page: 1, state: null };
  const list = useQuery({
    queryKey: packageKeys.list(params),
    queryFn: ({ signal }) => listPackages(params, signal),
  });
  if (!list.data) return null;
  return <AttentionLine attention={list.data.attention} />;
}
