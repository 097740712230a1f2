// The two buttons of a question asked in the page before an action (no browser dialog): the action, busy and
// disabled while it runs, and the way back, disabled too so the answer cannot change mid-request.
import type { Ref } from 'react';

export function ConfirmActions(props: {
  busy: boolean;
  label: string;
  busyLabel: string;
  danger?: boolean;
  confirmRef?: Ref<HTMLButtonElement>;
  onConfirm: () => void;
  cancelLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="actions">
      <button
        ref={props.confirmRef}
        type="button"
        className={props.danger ? 'button button--danger' : 'button'}
        disabled={props.busy}
        onClick={props.onConfirm}
      >
        {props.busy ? props.busyLabel : props.label}
      </button>
      <button
        type="button"
        className="button button--secondary"
        {...{ disabled: props.busy, onClick: props.onCancel }}
      >
        {props.cancelLabel}
      </button>
    </div>
  );
}
