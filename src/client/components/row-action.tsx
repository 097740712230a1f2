// A small secondary button of one table row ('Quitar', 'Subir', 'Bajar'): its name or description says which row,
// so a screen reader that lists the page's buttons tells each apart.
export function RowAction(props: {
  label: string;
  /** The whole accessible name, starting with `label` (e.g. 'Quitar paquete 100001'). */
  name?: string;
  /** The id of the row's heading cell, read as the button's description. */
  describedBy?: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button--small button--secondary"
      aria-label={props.name}
      aria-describedby={props.describedBy}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.label}
    </button>
  );
}
