// 'Importar estados': a carrier's CSV (guia, estado, nota, transportadora, guia_transportadora) chosen with a file
// input is sent as it is; the answer's message, then the rows applied and the rows refused, each with its line.
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { IMPORT_COLUMNS, type ImportResult } from '../../../shared/packages/operations.ts';
import { importStates } from '../../api/operations.ts';
import { Notice } from '../../components/notice.tsx';
import { failureOf, type Outcome, OutcomeNotice } from '../../components/outcome.tsx';

export function ImportStates({ onImported }: { onImported: () => void }) {
  const id = useId();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<Outcome | null>(null);
  const upload = useMutation({ mutationFn: importStates });

  async function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file || upload.isPending) return;
    setResult(null);
    setFailure(null);
    try {
      const answer = await upload.mutateAsync(file);
      setResult(answer);
      if (answer.applied.length > 0) onImported();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      // The same file may be chosen again (after fixing it).
      input.value = '';
    }
  }

  return (
    <section className="card import-states" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Importar desde un archivo</h2>
      <div className="field">
        <label htmlFor={`${id}-file`}>Importar estados</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={upload.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void choose(event.currentTarget)}
        />
        <p className="field__hint" id={`${id}-hint`}>
          Un CSV con las columnas {IMPORT_COLUMNS.join(', ')} (al menos guia y estado). Se revisan todas las
          filas antes de aplicar nada.
        </p>
      </div>
      {upload.isPending && <p role="status">Importando el archivo...</p>}
      <OutcomeNotice outcome={failure} />
      {result && <ImportAnswer result={result} />}
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
