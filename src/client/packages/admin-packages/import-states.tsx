// 'Importar estados': a carrier's CSV (guia, estado, nota, transportadora, guia_transportadora) chosen with a file
// input is sent as it is; the answer's message, then the rows applied and the rows refused, each with its line.
import { useId } from 'react';
import { IMPORT_COLUMNS, type ImportResult } from '../../../shared/packages/operations.ts';
import { Notice } from '../../components/notice.tsx';
import { FileImport } from '../file-import.tsx';
import { importStates } from '../operations-api.ts';

export function ImportStates({ onImported }: { onImported: () => void }) {
  const id = useId();
  return (
    <section className="card import-states" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Importar desde un archivo</h2>
      <FileImport
        label="Importar estados"
        hint={`Un CSV con las columnas ${IMPORT_COLUMNS.join(', ')} (al menos guia y estado). Se revisan todas las filas antes de aplicar nada.`}
        send={importStates}
        onResult={(answer) => {
          if (answer.applied.length > 0) onImported();
        }}
      >
        {(result) => <ImportAnswer result={result} />}
      </FileImport>
    </section>
  );
}

function ImportAnswer({ result }: { result: ImportResult }) {
  const id = useId();
  return (
    <>
      <Notice tone={result.refused.length > 0 ? 'info' : 'success'}>{result.message}</Notice>
      <h3 id={`${id}-applied`}>Filas aplicadas</h3>
      {result.applied.length === 0 ? (
        <p>Ninguna.</p>
      ) : (
        <ul className="import-rows" aria-labelledby={`${id}-applied`}>
          {result.applied.map((row) => (
            <li key={row.line}>
              <strong>Línea {row.line}:</strong> guía {row.guide}, paquete {row.number} → «{row.state}»
            </li>
          ))}
        </ul>
      )}
      <h3 id={`${id}-refused`}>Filas rechazadas</h3>
      {result.refused.length === 0 ? (
        <p>Ninguna.</p>
      ) : (
        <ul className="import-rows import-rows--refused" aria-labelledby={`${id}-refused`}>
          {result.refused.map((row) => (
            <li key={row.line}>
              <strong>Línea {row.line}:</strong> {row.guide ? `guía ${row.guide}. ` : ''}
              {row.reason}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
