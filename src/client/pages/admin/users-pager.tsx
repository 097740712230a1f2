// 'Anterior' / 'Siguiente' under 'Lista de Casilleros', with the page and the count ('más de …' when capped).
import type { Shown } from './use-locker-list.ts';

export function UsersPager({
  shown,
  loading,
  onPage,
}: {
  shown: Shown;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(shown.total / shown.pageSize));
  const count = shown.totalIsCapped
    ? `más de ${shown.total.toLocaleString('es-CO')} usuarios`
    : shown.total === 1
      ? '1 usuario'
      : `${shown.total.toLocaleString('es-CO')} usuarios`;
  return (
    <nav className="pager" aria-label="Paginación">
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={shown.page <= 1 || loading}
        onClick={() => onPage(shown.page - 1)}
      >
        Anterior
      </button>
      <p className="pager__status">
        Página {shown.page} de {shown.totalIsCapped ? `${pages}+` : pages}
        <span className="pager__total">
          {' · '}
          {count}
        </span>
      </p>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={(shown.page >= pages && !shown.totalIsCapped) || loading}
        onClick={() => onPage(shown.page + 1)}
      >
        Siguiente
      </button>
    </nav>
  );
}
