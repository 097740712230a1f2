// The newest entries of the audit trail (GET /api/admin/audit), read each time the admin opens the section; role
// changes show the roles before and after.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Notice } from '../../components/notice.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { type AuditEntry, adminKeys, getAudit } from '../api.ts';

const ACTIONS: Record<string, string> = {
  sign_in: 'Inicio de sesión',
  sign_in_failed: 'Inicio de sesión fallido',
  sign_out: 'Cierre de sesión',
  password_reset: 'Contraseña restablecida',
  role_granted: 'Rol otorgado',
  role_revoked: 'Rol retirado',
  admin_export: 'Exportación de la lista (CSV)',
  data_export: 'Descarga de datos personales',
  data_updated: 'Corrección de datos',
  email_change_requested: 'Cambio de correo pedido',
  email_changed: 'Correo cambiado',
  account_deleted: 'Cuenta eliminada',
};

const ROLE_NAMES: Record<string, string> = {
  customer: 'cliente',
  reparto: 'mensajero',
  bodega: 'bodega',
  admin: 'administrador',
};

/** The event's name; a role change also says from which role to which, and who made it. */
function describeEntry(entry: AuditEntry): string {
  const name = ACTIONS[entry.action] ?? entry.action;
  const { from, to, by } = entry.detail ?? {};
  if (!entry.action.startsWith('role_') || typeof to !== 'string') return name;
  const change = typeof from === 'string' ? `${ROLE_NAMES[from] ?? from} → ` : '';
  return `${name}: ${change}${ROLE_NAMES[to] ?? to}${typeof by === 'string' ? ` (por ${by})` : ''}`;
}

export function AuditLog() {
  // Asked each time the section opens (never stale-free: events arrive all the time), never while it is closed.
  const [open, setOpen] = useState(false);
  const audit = useQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ signal }) => getAudit(signal),
    enabled: open,
    staleTime: 0,
  });
  const entries = audit.data?.entries ?? [];

  return (
    <details className="card audit" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Auditoría: últimos 100 eventos</summary>
      {audit.isFetching && <p role="status">{'Cargando auditoría...'}</p>}
      {audit.isError && !audit.isFetching && <Notice tone="error">{audit.error.message}</Notice>}
      {audit.isSuccess && !audit.isFetching && entries.length === 0 && <p>Todavía no hay eventos.</p>}
      {audit.isSuccess && !audit.isFetching && entries.length > 0 && (
        <TableScroll label={'Auditoría, desplazable'}>
          <table>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Evento</th>
                <th scope="col">Cuenta</th>
                <th scope="col">IP</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{new Date(entry.at).toLocaleString('es-CO')}</td>
                  <td>{describeEntry(entry)}</td>
                  <td>{entry.email || '—'}</td>
                  <td>{entry.ip || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </details>
  );
}
