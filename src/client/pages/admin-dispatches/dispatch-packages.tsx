// A dispatch's packages: the table (with 'Quitar' per row while the dispatch is 'Abierto') and 'Agregar paquetes',
// package numbers typed or scanned (components/add-packages.tsx).
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { formatUsd } from '../../../shared/money.ts';
import { STATE_LABELS } from '../../../shared/packages/states.ts';
import { addToDispatch, type DispatchDetail, removeFromDispatch } from '../../api/operations.ts';
import { AddPackagesForm } from '../../components/add-packages.tsx';
import { ColumnHeads } from '../../components/column-heads.tsx';
import { formatNumber } from '../../components/format.ts';
import { parsePackageNumbers } from './package-numbers.ts';

type Answer = { dispatch: DispatchDetail; message: string };

const COLUMNS = [
  'Paquete',
  'Guía',
  'Cliente',
  'Casillero',
  'Contenido',
  'Piezas',
  'Peso (lb)',
  'Valor declarado',
];

export function DispatchPackages(props: {
  dispatch: DispatchDetail;
  onChanged: (answer: Answer) => void;
  onFailed: (error: unknown) => void;
}) {
  const { dispatch } = props;
  const id = useId();
  const open = dispatch.state === 'abierto';
  const remove = useMutation({ mutationFn: (number: number) => removeFromDispatch(dispatch.id, [number]) });

  async function quit(number: number) {
    if (remove.isPending) return;
    try {
      props.onChanged(await remove.mutateAsync(number));
    } catch (error) {
      props.onFailed(error);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Paquetes del despacho</h2>
      {dispatch.packages.length === 0 ? (
        <p>El despacho aún no tiene paquetes.</p>
      ) : (
        <div className="table-wrap">
          <table className="dispatch-packages" aria-busy={remove.isPending}>
            <caption className="visually-hidden">Paquetes del despacho {dispatch.id}</caption>
            <thead>
              <tr>
                <ColumnHeads columns={COLUMNS} />
                <th scope="col">Estado</th>
                {open && <th scope="col">Acción</th>}
              </tr>
            </thead>
            <tbody>
              {dispatch.packages.map((row) => (
                <tr key={row.number}>
                  <th scope="row" id={`${id}-${row.number}`}>
                    {row.number}
                  </th>
                  <td>{row.guide}</td>
                  <td>{row.name || '—'}</td>
                  <td>{row.lockerNumber || '—'}</td>
                  <td className="dispatch-packages__content">{row.content}</td>
                  <td>{row.quantity}</td>
                  <td>{row.weightLb === null ? '—' : formatNumber(row.weightLb)}</td>
                  <td>{formatUsd(row.declaredValueCents)}</td>
                  <td>{STATE_LABELS[row.state] ?? row.state}</td>
                  {open && (
                    <td>
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        aria-describedby={`${id}-${row.number}`}
                        disabled={remove.isPending}
                        onClick={() => void quit(row.number)}
                      >
                        Quitar
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function AddPackages(props: {
  dispatchId: number;
  onAdded: (answer: Answer) => void;
  onFailed: (error: unknown) => void;
}) {
  return (
    <AddPackagesForm
      parse={parsePackageNumbers}
      add={(numbers: number[]) => addToDispatch(props.dispatchId, numbers)}
      onAdded={props.onAdded}
      onFailed={props.onFailed}
      hint="Números de paquete separados por espacios, comas o saltos de línea (puedes escanearlos uno tras otro)."
    />
  );
}
