// What was collected by payment means ('Efectivo', 'Nequi'…): how many collections and how much, in whole pesos, each
// a sum of stored collections. Shared by a route's 'Cierre de caja' and 'Recaudos'.
import { formatCop } from '../../shared/money.ts';
import { DataTable } from '../components/data-table.tsx';

interface MeansRow {
  means: string;
  label: string;
  amountCop: number;
  count: number;
}

const COLUMNS = ['Medio de pago', 'Recaudos', 'Valor'];

export function MeansTable({ rows, caption }: { rows: readonly MeansRow[]; caption: string }) {
  if (rows.length === 0) return <p>Sin recaudos.</p>;
  return (
    <DataTable caption={caption} columns={COLUMNS} className="means-table" showCaption>
      {rows.map((row) => (
        <tr key={row.means}>
          <th scope="row">{row.label}</th>
          <td>{row.count}</td>
          <td className="money">{formatCop(row.amountCop)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
