// design/packages.md 'Warehouse' /etiqueta/:number: the 4 × 6 in label of a received package for thermal printers — the
// package number in Code 128 and in digits, the locker in large type, name and city, weight, date — printed with
// the browser's dialog ('Imprimir etiqueta'). Staff only: anyone else gets the server's 403 message.
import { useQuery } from '@tanstack/react-query';
import { formatWarehouseDate } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { appConfig } from '../../app/app-config.ts';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { RequestError } from '../../app/request.ts';
import { useParams } from '../../app/router.tsx';
import { formatNumber } from '../../components/format.ts';
import { Notice } from '../../components/notice.tsx';
import { getLabel, type Label, warehouseKeys } from '../api.ts';
import { Code128Svg } from './code128-svg.tsx';
import './label.css';

function LabelPage() {
  const number = useParams().number ?? '';
  return (
    <Page title={`Etiqueta ${number}`}>
      <LabelScreen key={number} number={number} />
    </Page>
  );
}

function LabelScreen({ number }: { number: string }) {
  const label = useQuery({
    queryKey: warehouseKeys.label(number),
    queryFn: ({ signal }) => getLabel(number, signal),
  });
  return (
    <>
      <h1 className="label-screen__title">Etiqueta del paquete {number}</h1>
      {label.isPending && <p role="status">{messages.loading}</p>}
      {label.isError && (
        <Notice tone="error">
          {label.error instanceof RequestError && label.error.status === 403
            ? label.error.message || messages.forbidden
            : label.error.message || messages.serverError}
        </Notice>
      )}
      {label.data && <LabelSheet label={label.data} />}
    </>
  );
}

function LabelSheet({ label }: { label: Label }) {
  const number = String(label.number);
  return (
    <>
      <div className="label-screen__actions">
        <button type="button" className="button" onClick={() => window.print()}>
          Imprimir etiqueta
        </button>
        <p className="field__hint">Tamaño 4 × 6 pulgadas, para la impresora de etiquetas.</p>
      </div>
      <article className="label-sheet" aria-label={`Etiqueta del paquete ${number}`}>
        <p className="label-sheet__brand">{appConfig.brandName}</p>
        <p className="label-sheet__caption">Casillero</p>
        <p className="label-sheet__locker">{label.lockerNumber ?? 'SIN IDENTIFICAR'}</p>
        <p className="label-sheet__name">{label.name ?? 'Sin cliente'}</p>
        {label.city && <p className="label-sheet__city">{label.city}</p>}
        <div className="label-sheet__barcode">
          <Code128Svg value={number} label={`Código de barras del paquete ${number}`} heightIn={1.1} />
          <p className="label-sheet__number">{number}</p>
        </div>
        {(label.fragile || label.damaged) && (
          <ul className="label-sheet__marks" aria-label="Manejo">
            {label.fragile && <li>Frágil</li>}
            {label.damaged && <li>Dañado</li>}
          </ul>
        )}
        <dl className="label-sheet__facts">
          <div>
            <dt>Peso</dt>
            <dd>{label.weightLb === null ? '—' : `${formatNumber(label.weightLb)} lb`}</dd>
          </div>
          <div>
            <dt>Fecha</dt>
            <dd>{label.receivedAt ? formatWarehouseDate(label.receivedAt) : '—'}</dd>
          </div>
        </dl>
      </article>
    </>
  );
}

export default withQuery(LabelPage);
