// The staff's actions on one package, the ones the board and the charges offer: 'Cambiar estado' (the board's form,
// with 'Motivo' where the state needs it), 'Recalcular cobro' once it was received, and 'Imprimir etiqueta'. After
// a change the view and the board are read again, and the focus goes to what happened.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { paths } from '../../../shared/paths.ts';
import { Link } from '../../app/router.tsx';
import { recomputeCharge } from '../../charges/api.ts';
import { Notice, type NoticeTone } from '../../components/notice.tsx';
import { operationKeys, type StaffPackage } from '../operations-api.ts';
import { StateChangeForm } from '../state-change-form.tsx';

export function StaffActions({ view }: { view: StaffPackage }) {
  const pkg = view.package;
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);

  function report(tone: NoticeTone, text: string) {
    setNotice({ tone, text });
    // The view, its board rows and the dispatches read again (the board's key holds the view's).
    void queryClient.invalidateQueries({ queryKey: operationKeys.board });
    void queryClient.invalidateQueries({ queryKey: operationKeys.dispatches });
    requestAnimationFrame(() => noticeRef.current?.focus());
  }

  const recompute = useMutation({
    mutationFn: () => recomputeCharge(pkg.number),
    onSuccess: (answer) => report('success', answer.message),
    onError: (error) => report('error', error.message),
  });
  const received = pkg.receivedAt !== null && view.owner !== null;

  return (
    <section className="card staff-actions" aria-labelledby="staff-actions-heading">
      <h2 id="staff-actions-heading">Acciones</h2>
      <div ref={noticeRef} tabIndex={-1} className="package-notice">
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      </div>
      {changing ? (
        <StateChangeForm
          numbers={[pkg.number]}
          onDone={(message) => {
            setChanging(false);
            report('success', message);
          }}
          onCancel={() => {
            setChanging(false);
            requestAnimationFrame(() => changeButton.current?.focus());
          }}
        />
      ) : (
        <div className="actions">
          <button
            ref={changeButton}
            type="button"
            className="button button--small"
            onClick={() => {
              setNotice(null);
              setChanging(true);
            }}
          >
            Cambiar estado
          </button>
          {received && (
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={recompute.isPending}
              onClick={() => {
                setNotice(null);
                recompute.mutate();
              }}
            >
              {recompute.isPending ? 'Recalculando...' : 'Recalcular cobro'}
            </button>
          )}
          {pkg.receivedAt !== null && (
            <Link to={paths.label(pkg.number)} className="button button--small button--secondary">
              Imprimir etiqueta
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
