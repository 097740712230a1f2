// 'Anterior' / 'Siguiente' under a paged list, with 'Página n de m' ('m+' when the count stopped at its cap) and,
// where the list says it, the count ('37 paquetes', 'más de 1.000 usuarios').
export function Pager(props: {
  page: number;
  pages: number;
  /** The total stopped counting at its cap: there may be more pages than `pages`. */
  capped?: boolean;
  /** False when the page shown was not full: nothing follows it, whatever the count said. */
  hasNext?: boolean;
  total?: string;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const last = (props.page >= props.pages && !props.capped) || props.hasNext === false;
  return (
    <nav className="pager" aria-label="Paginación">
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={props.page <= 1 || props.busy}
        onClick={() => props.onPage(props.page - 1)}
      >
        Anterior
      </button>
      <p className="pager__status">
        Página {props.page} de {props.capped ? `${props.pages}+` : props.pages}
        {props.total && (
          <span className="pager__total">
            {' · '}
            {props.total}
          </span>
        )}
      </p>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={last || props.busy}
        onClick={() => props.onPage(props.page + 1)}
      >
        Siguiente
      </button>
    </nav>
  );
}
