// 'Importar liquidación': a carrier's CSV (guia, valor, fecha) sent as it is. The server checks the whole file
// first: a file with problems is refused whole, each problem listed; otherwise the matching rows are marked received
// from the carrier in one transaction, and the rows not applied are listed with why (unknown guide, different
// amount, not delivered, already remitted). The same file imported twice changes nothing.
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { RemittanceRow } from '../../../shared/collections/api-types.ts';
import { REMITTANCE_COLUMNS } from '../../../shared/collections/forms.ts';
import { formatCop } from '../../../shared/money.ts';
import { RequestError } from '../../app/request.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Notice } from '../../components/notice.tsx';
import { FileImport } from '../../packages/file-import.tsx';
import { failureOf, OutcomeNotice } from '../../packages/outcome.tsx';
import { collectionKeys, importRemittance, type RemittanceImported } from '../api.ts';

export function RemittanceImport() {
  const id = useId();
  const queryClient = useQueryClient();
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Liquidaciones de transportadoras</h2>
      <FileImport
        label="Importar liquidación"
        hint={`El CSV de la transportadora con las columnas ${REMITTANCE_COLUMNS.join(', ')} (valor en pesos enteros, sin decimales). Se revisa todo el archivo antes de aplicar nada; importar dos veces el mismo archivo no cambia nada.`}
        send={importRemittance}
        onResult={(answer) => {
          if (answer.applied > 0) void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
        }}
        failure={(error) => <FileProblems error={error} />}
      >
        {(answer) => <RemittanceAnswer answer={answer} />}
      </FileImport>
    </section>
  );
}

/** A file refused whole: the message and every problem found, so it can be fixed in one go. */
function FileProblems({ error }: { error: unknown }) {
  const problems = error instanceof RequestError ? error.details?.problems : undefined;
  if (!Array.isArray(problems) || problems.length === 0) return <OutcomeNotice outcome={failureOf(error)} />;
  return (
    <Notice tone="error">
      <p>{error instanceof Error ? error.message : ''}</p>
      <ul aria-label="Errores del archivo">
        {problems.map((problem) => (
          <li key={String(problem)}>{String(problem)}</li>
        ))}
      </ul>
    </Notice>
  );
}

function RemittanceAnswer({ answer }: { answer: RemittanceImported }) {
  const applied = answer.rows.filter((row) => row.outcome === 'applied');
  const others = answer.rows.filter((row) => row.outcome !== 'applied');
  return (
    <>
      <Notice tone={others.length > 0 ? 'info' : 'success'}>{answer.message}</Notice>
      <RowsTable title="Filas aplicadas" rows={applied} />
      <RowsTable title="Filas no aplicadas" rows={others} why />
    </>
  );
}

const ROW_COLUMNS = ['Línea', 'Guía', 'Paquete', 'Valor', 'Fecha'];

function RowsTable({ title, rows, why }: { title: string; rows: RemittanceRow[]; why?: boolean }) {
  return (
    <>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p>Ninguna.</p>
      ) : (
        <DataTable
          caption={title}
          columns={why ? [...ROW_COLUMNS, 'Motivo'] : ROW_COLUMNS}
          className="recaudos-table"
        >
          {rows.map((row) => (
            <tr key={row.line}>
              <th scope="row">{row.line}</th>
              <td>{row.guide}</td>
              <td>{row.packageNumber ?? '—'}</td>
              <td className="money">{formatCop(row.amountCop)}</td>
              <td>{row.date}</td>
              {why && (
                <td>
                  {row.outcomeLabel}
                  {row.reason ? `: ${row.reason}` : ''}
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
