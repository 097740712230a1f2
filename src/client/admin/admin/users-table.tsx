// The rows of 'Lista de Casilleros': the design/product.md columns, and in 'Acción' the WhatsApp button and the role
// control (design/packages.md 'Roles': an admin changes a role from the locker list; the server audits it). On a phone
// the same table shows each row as a card (components/tables.css), every value under its column's name (data-label).
import { useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { TableHead } from '../../components/column-heads.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { type AdminUser, changeRole, type RoleResult } from '../api.ts';

const COLUMNS = ['Nombre', 'Correo', 'Casillero', 'Teléfono', 'Código de referido', 'Referido por'] as const;
const ACTION = 'Acción';

/** The roles as the server knows them (session.ts ROLES), with the names the admin reads. */
const ROLE_OPTIONS = [
  { value: 'customer', label: 'Cliente' },
  { value: 'reparto', label: 'Mensajero' },
  { value: 'bodega', label: 'Bodega' },
  { value: 'admin', label: 'Administrador' },
] as const;

export function UsersTable({
  users,
  busy,
  onWhatsApp,
  onRoleChanged,
  onRoleFailed,
}: {
  users: AdminUser[];
  busy: boolean;
  onWhatsApp: (user: AdminUser) => void;
  onRoleChanged: (result: RoleResult) => void;
  onRoleFailed: (message: string) => void;
}) {
  return (
    <TableScroll label={'Casilleros registrados, desplazable'} className="table-wrap--cards">
      <table className="admin-table" aria-busy={busy}>
        <caption className="visually-hidden">Casilleros registrados, del más reciente al más antiguo</caption>
        <TableHead columns={COLUMNS}>
          <th scope="col">{ACTION}</th>
        </TableHead>
        <tbody>
          {users.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length + 1} className="admin-table__empty">
                {messages.noUsers}
              </td>
            </tr>
          ) : (
            users.map((user) => (
              <tr key={user.id} className={user.deletedAt ? 'admin-table__deleted' : undefined}>
                {user.deletedAt ? (
                  <td className="admin-table__name" data-label={COLUMNS[0]}>
                    {user.name} <span className="tag">Eliminada</span>
                  </td>
                ) : (
                  <Cell column={COLUMNS[0]} value={user.name} />
                )}
                {[user.email, user.lockerNumber, user.telefono, user.refCode, user.referredBy].map(
                  (value, index) => (
                    <Cell
                      key={COLUMNS[index + 1]}
                      column={COLUMNS[index + 1] ?? ''}
                      value={user.deletedAt && index === 0 ? '' : value}
                    />
                  ),
                )}
                <td className="admin-table__action" data-label={ACTION}>
                  <div className="admin-actions">
                    <WhatsAppButton user={user} onClick={() => onWhatsApp(user)} />
                    {/* A deleted account keeps its locker number only: it has no one to give a role to. */}
                    {!user.deletedAt && (
                      <RoleControl
                        key={user.role}
                        user={user}
                        onChanged={onRoleChanged}
                        onFailed={onRoleFailed}
                      />
                    )}
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}

function RoleControl({
  user,
  onChanged,
  onFailed,
}: {
  user: AdminUser;
  onChanged: (result: RoleResult) => void;
  onFailed: (message: string) => void;
}) {
  const current = ROLE_OPTIONS.some((option) => option.value === user.role) ? user.role : 'customer';
  const [role, setRole] = useState(current);
  const [saving, setSaving] = useState(false);
  const id = `role-${user.id}`;

  async function save() {
    setSaving(true);
    try {
      onChanged(await changeRole(user.id, role));
    } catch (failure) {
      // The server's Spanish refusal (e.g. an admin removing their own role); the select shows the role again.
      onFailed(failure instanceof Error ? failure.message : messages.serverError);
      setRole(current);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      {/* Every row has its own 'Rol': the row it sits in (its name cell) tells them apart for a screen reader. */}
      <label htmlFor={id} className="visually-hidden">
        Rol
      </label>
      <select
        id={id}
        value={role}
        disabled={saving}
        title={`Rol de ${user.name}`}
        onChange={(event) => setRole(event.target.value)}
      >
        {ROLE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={saving}
        title={`Cambiar el rol de ${user.name}`}
        onClick={() => void save()}
      >
        Cambiar rol
      </button>
    </>
  );
}

/** A row without a phone keeps its button (design/product.md: it says there is no phone), drawn as not usable. */
function WhatsAppButton({ user, onClick }: { user: AdminUser; onClick: () => void }) {
  const hasPhone = Boolean(user.telefono?.replace(/\D/g, ''));
  return (
    <button
      type="button"
      className={`button button--small ${hasPhone ? 'admin-table__whatsapp' : 'admin-table__whatsapp--none'}`}
      title={
        hasPhone
          ? `Avisar a ${user.name} por WhatsApp que su paquete fue enviado`
          : `${user.name} no tiene teléfono registrado`
      }
      onClick={onClick}
    >
      WhatsApp
    </button>
  );
}

/** A value under its column's name ('N/A' when empty); on a phone's card the name shows beside it (data-label). */
function Cell({ column, value }: { column: string; value: string | null | undefined }) {
  const text = value?.trim();
  const classes = [column === COLUMNS[0] && 'admin-table__name', !text && 'admin-table__missing'].filter(
    Boolean,
  );
  return (
    <td className={classes.join(' ') || undefined} data-label={column}>
      {text || messages.notAvailable}
    </td>
  );
}
