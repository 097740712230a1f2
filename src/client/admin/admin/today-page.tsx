// 'Hoy', where an admin lands (issue 37): what waits for someone today, each a link with its count to the screen
// where it is done — PQR past or near their legal due day, cash of routes not closed, the packages that need a
// decision ('Requieren decisión', 'Sin identificar', 'Retenidos'), the requests waiting in Miami — and 'Lista de
// Casilleros' one click away; new lockers are announced live (new-locker-notice.ts). A customer, a courier or the
// warehouse (or an admin whose e-mail is not verified) gets the no-access page.
import { useQuery } from '@tanstack/react-query';
import type { AdminToday } from '../../../shared/admin/api-types.ts';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { DUE_SOON_BUSINESS_DAYS } from '../../../shared/pqr/states.ts';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { QueryStates } from '../../app/query-states.tsx';
import { RequestError } from '../../app/request.ts';
import { Link } from '../../app/router.tsx';
import { Notice } from '../../components/notice.tsx';
import { adminKeys, getToday } from '../api.ts';
import { useNewLockerNotice } from './new-locker-notice.ts';
import { NoAccess } from './no-access.tsx';
import './admin.css';

interface Item {
  label: string;
  count: number;
  to: string;
  /** What the count means, beneath it. */
  hint: string;
}

const routesText = (n: number) => (n === 1 ? '1 ruta' : `${n} rutas`);

function items(today: AdminToday): Item[] {
  return [
    {
      label: 'PQR vencidas',
      count: today.pqrOverdue,
      to: `${paths.adminPqr}?estado=vencida`,
      hint: 'Sin respuesta y con el plazo legal vencido.',
    },
    {
      label: 'PQR por vencer',
      count: today.pqrDueSoon,
      to: `${paths.adminPqr}?estado=abiertas`,
      hint: `Vencen en ${DUE_SOON_BUSINESS_DAYS} días hábiles o menos.`,
    },
    {
      label: 'Efectivo sin cerrar',
      count: today.cashRoutes,
      to: paths.adminCollections,
      hint:
        today.cashRoutes === 0
          ? 'Todas las rutas con cobros están cerradas.'
          : `${formatCop(today.cashCop)} en efectivo en ${routesText(today.cashRoutes)} sin cerrar.`,
    },
    {
      label: 'Requieren decisión',
      count: today.requiresDecision,
      to: paths.adminRoutes,
      hint: 'Volvieron a la bodega tras los intentos de entrega.',
    },
    {
      label: 'Sin identificar',
      count: today.unidentified,
      to: paths.warehouse,
      hint: 'Recibidos sin saber de quién son.',
    },
    {
      label: 'Retenidos',
      count: today.held,
      to: `${paths.adminPackages}?estado=retenido`,
      hint: 'Esperan algo de su dueño.',
    },
    {
      label: 'Solicitudes',
      count: today.requestsWaiting,
      to: paths.warehouse,
      hint: 'Consolidar, reempacar, fotos o devoluciones que esperan a la bodega.',
    },
  ];
}

function Today() {
  const today = useQuery({ queryKey: adminKeys.today, queryFn: ({ signal }) => getToday(signal) });
  const newLocker = useNewLockerNotice(today.isSuccess);
  const error = today.error instanceof RequestError ? today.error : null;
  if (error?.status === 403) return <NoAccess unverified={error.code === 'email_unverified'} />;
  return (
    <Page title="Hoy" wide>
      <h1>Hoy</h1>
      {newLocker && <Notice tone="success">{newLocker}</Notice>}
      <QueryStates query={today}>
        {(data) => (
          <ul className="today" aria-label="Pendientes de hoy">
            {items(data).map((item) => (
              <li
                key={item.label}
                className={item.count > 0 ? 'today__item today__item--due' : 'today__item'}
              >
                <Link to={item.to}>
                  <span className="today__label">{item.label}</span>{' '}
                  <strong className="today__count">{item.count}</strong>
                </Link>
                <p className="field__hint">{item.hint}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <p>
        <Link to={paths.adminLockers}>Lista de Casilleros</Link>
      </p>
    </Page>
  );
}

export default withQuery(Today);
