// A dispatch's packages: the table (with 'Quitar' per row while the dispatch is 'Abierto') and 'Agregar paquetes',
// package numbers typed or scanned (packages/add-packages.tsx).
import { useId } from 'react';
import { formatUsd } from '../../../shared/money.ts';
import { STATE_LABELS } from '../../../shared/packages/states.ts';
import { TableHead } from '../../components/column-heads.tsx';
import { formatNumber } from '../../components/format.ts';
import { RowAction } from '../../components/row-action.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { AddPackagesForm } from '../../packages/add-packages.tsx';
import { addToDispatch, type DispatchDetail, removeFromDispatch } from '../../packages/operations-api.ts';
import { type ChangeHandlers, useChange } from '../../packages/outcome.tsx';
import { parsePackageNumbers } from './package-numbers.ts';

type Answer = { dispatch: DispatchDetail; message: string };

const COLUMNS = [
  'Paquete',
  'Guía',
  'Cliente',
  'Casillero',
  'Ubicación',
  'Contenido',
  'Piezas',
  'Peso (lb)',
  'Valor declarado',
];

export function DispatchPackages(props: { dispatch: DispatchDetail } & ChangeHandlers<Answer>) {
  const { dispatch } = props;
  const id = useId();
  const open = dispatch.state === 'abierto';
  const remove = useChange((number: number) => removeFromDispatch(dispatch.id, [number]), props);

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Paquetes del despacho</h2>
      {dispatch.packages.length === 0 ? (
        <p>El despacho aún no tiene paquetes.</p>
      ) : (
        <TableScroll label={`Paquetes del despacho ${dispatch.id}, desplazable`}>
          <table className="dispatch-packages" aria-busy={remove.busy}>
            <caption className="visually-hidden">Paquetes del despacho {dispatch.id}</caption>
            <TableHead columns={COLUMNS}>
              <th scope="col">Estado</th>
              {open && <th scope="col">Acción</th>}
            </TableHead>
            <tbody>
              {dispatch.packages.map((row) => (
                <tr key={row.number}>
                  <th scope="row" id={`${id}-${row.number}`}>
                    {row.number}
                  </th>
                  <td>{row.guide}</td>
                  <td>{row.name || '—'}</td>
                  <td>{row.lockerNumber || '—'}</td>
                  <td>{row.location || '—'}</td>
                  <td className="dispatch-packages__content">{row.content}</td>
                  <td>{row.quantity}</td>
                  <td>{row.weightLb === null ? '—' : formatNumber(row.weightLb)}</td>
                  <td>{formatUsd(row.declaredValueCents)}</td>
                  <td>{STATE_LABELS[row.state] ?? row.state}</td>
                  {open && (
                    <td>
                      <RowAction
                        label="Quitar"
                        describedBy={`${id}-${row.number}`}
                        disabled={remove.busy}
                        onClick={() => void remove.run(row.number)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

export function AddPackages(props: { dispatchId: number } & ChangeHandlers<Answer>) {
  return (
    <AddPackagesForm
      parse={parsePackageNumbers}
      add={(numbers: number[]) => addToDispatch(props.dispatchId, numbers)}
      onChanged={props.onChanged}
      onFailed={props.onFailed}
      hint="Números de paquete separados por espacios, comas o saltos de línea (puedes escanearlos uno tras otro)."
    />
  );
}
