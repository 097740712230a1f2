// design/product.md §2 Admin screen ('Lista de Casilleros') and §4 Admin: the searchable, paged list of lockers, read
// from the server a page at a time and kept live (use-locker-list.ts), with a role control per row (users-table.tsx: a
// table on a desktop, one card per locker on a phone); a customer or bodega gets the no-access page instead.
import { useState } from 'react';
import { buildAdminWhatsAppLink } from '../../../shared/links.ts';
import { messages } from '../../../shared/messages.ts';
import { MissingRecord } from '../../app/missing-record.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { signOutHere } from '../../auth/session.ts';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Pager } from '../../components/pager.tsx';
import { type AdminUser, csvUrl, type RoleResult } from '../api.ts';
import { AuditLog } from './audit-log.tsx';
import { NoAccess } from './no-access.tsx';
import { useLockerList } from './use-locker-list.ts';
import { usersCount } from './users-count.ts';
import { UsersTable } from './users-table.tsx';
import './admin.css';

function LockerList() {
  const list = useLockerList();
  const [rowNotice, setRowNotice] = useState<string | null>(null);
  const [roleNotice, setRoleNotice] = useState<string | null>(null);

  if (list.access === 'forbidden' || list.access === 'unverified')
    return <NoAccess unverified={list.access === 'unverified'} />;

  function openWhatsApp(user: AdminUser) {
    setRoleNotice(null);
    const link = buildAdminWhatsAppLink(user.telefono, user.name, user.lockerNumber);
    if (!link) {
      setRowNotice(messages.noPhone);
      return;
    }
    setRowNotice(null);
    window.open(link, '_blank', 'noopener,noreferrer');
  }

  function roleChanged(result: RoleResult) {
    setRowNotice(null);
    setRoleNotice(result.message);
    list.setRole(result.id, result.role);
  }

  function roleFailed(message: string) {
    setRoleNotice(null);
    setRowNotice(message);
  }

  return (
    <Page title="Lista de Casilleros" wide>
      <h1>Lista de Casilleros</h1>
      {list.access === 'missing' ? (
        <MissingRecord />
      ) : (
        <>
          <div className="toolbar">
            <search className="admin-search">
              <form onSubmit={list.searchNow}>
                <Field
                  id="admin-search"
                  label="Buscar"
                  type="search"
                  value={list.input}
                  onValue={list.setInput}
                  maxLength={100}
                  autoComplete="off"
                  hint="Nombre, correo, casillero, teléfono o código de referido."
                />
              </form>
            </search>
            <div className="admin-actions">
              <a className="button button--secondary" href={csvUrl(list.search)} download>
                Descargar CSV
              </a>
              <button type="button" className="button button--secondary" onClick={() => void signOutHere()}>
                Cerrar sesión
              </button>
            </div>
          </div>
          {list.liveNotice && <Notice tone="success">{list.liveNotice}</Notice>}
          {roleNotice && <Notice tone="success">{roleNotice}</Notice>}
          {rowNotice && <Notice tone="error">{rowNotice}</Notice>}
          {list.error && (
            <Notice tone="error">
              <p>{list.error}</p>
              <button type="button" className="button button--small" onClick={list.reload}>
                Reintentar
              </button>
            </Notice>
          )}
          {list.loading && (
            <p role="status" className="admin-loading">
              {messages.loading}
            </p>
          )}
          {list.shown && (
            <>
              <UsersTable
                users={list.shown.users}
                busy={list.loading}
                onWhatsApp={openWhatsApp}
                onRoleChanged={roleChanged}
                onRoleFailed={roleFailed}
              />
              <Pager
                page={list.shown.page}
                pages={Math.max(1, Math.ceil(list.shown.total / list.shown.pageSize))}
                capped={list.shown.totalIsCapped}
                total={usersCount(list.shown)}
                busy={list.loading}
                onPage={list.setPage}
              />
            </>
          )}
          <AuditLog />
        </>
      )}
    </Page>
  );
}

export default withQuery(LockerList);
