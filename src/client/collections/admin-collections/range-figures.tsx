// The range's figures on 'Recaudos': the totals, by payment means, then one table by courier and one by carrier, each
// row with its deliveries, expected ('Valor a pagar'), collected, received (the cash the cashier counted and the other
// means of closed routes, remitted collections), pending and 'Faltante' (cash the count did not find). Every figure
// is a sum of stored rows made by the server.
import { formatCop } from '../../../shared/money.ts';
import { DataTable } from '../../components/data-table.tsx';
import { FactList } from '../../components/fact-list.tsx';
import type { Recaudos, RecaudosFigures } from '../api.ts';
import { MeansTable } from '../means-table.tsx';

const FIGURE_COLUMNS = ['Entregas', 'Esperado', 'Recaudado', 'Recibido', 'Pendiente', 'Faltante'];

function figureCells(figures: RecaudosFigures) {
  return (
    <>
      <td>{figures.deliveries}</td>
      <td className="money">{formatCop(figures.expectedCop)}</td>
      <td className="money">{formatCop(figures.collectedCop)}</td>
      <td className="money">{formatCop(figures.receivedCop)}</td>
      <td className="money">{formatCop(figures.pendingCop)}</td>
      <td className="money">{formatCop(figures.shortfallCop)}</td>
    </>
  );
}

/** One table of figures by who holds the money (a courier, a carrier). */
function FiguresTable(props: {
  title: string;
  who: string;
  rows: ReadonlyArray<{ key: string; name: string; figures: RecaudosFigures }>;
  empty: string;
}) {
  return (
    <>
      <h3>{props.title}</h3>
      {props.rows.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <DataTable caption={props.title} columns={[props.who, ...FIGURE_COLUMNS]} className="recaudos-table">
          {props.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              {figureCells(row.figures)}
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

export function RangeFigures({ recaudos }: { recaudos: Recaudos }) {
  const { totals } = recaudos;
  return (
    <>
      <FactList
        className="data-list recaudos-totals"
        facts={[
          ['Entregas con cobro', String(totals.deliveries)],
          ['Esperado', formatCop(totals.expectedCop)],
          ['Recaudado', formatCop(totals.collectedCop)],
          ['Recibido', formatCop(totals.receivedCop)],
          ['Pendiente', formatCop(totals.pendingCop)],
          ['Faltante', formatCop(totals.shortfallCop)],
        ]}
      />
      <MeansTable rows={recaudos.byMeans} caption="Recaudado por medio de pago" />
      <FiguresTable
        title="Por mensajero"
        who="Mensajero"
        rows={recaudos.byCourier.map((row) => ({ key: row.courierId, name: row.courierName, figures: row }))}
        empty="Ningún mensajero recaudó en estos días."
      />
      <FiguresTable
        title="Por transportadora"
        who="Transportadora"
        rows={recaudos.byCarrier.map((row) => ({ key: row.carrier, name: row.carrier, figures: row }))}
        empty="Ninguna transportadora recaudó en estos días."
      />
      <FiguresTable
        title="En línea"
        who="Pasarela"
        rows={
          recaudos.online.deliveries > 0 ? [{ key: 'wompi', name: 'Wompi', figures: recaudos.online }] : []
        }
        empty="Nadie pagó en línea en estos días."
      />
    </>
  );
}
