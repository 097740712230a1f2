// What a saved pre-alert answers: the server's message, the courier-regime warning when there is one, a link to
// the new package's page, and whether its invoice was stored (a failed upload does not undo the pre-alert).
import type { PrealertSaved } from '../../../shared/packages/api-types.ts';
import { prealertMessages } from '../../../shared/packages/prealert.ts';
import { paths } from '../../../shared/paths.ts';
import { Link } from '../../app/router.tsx';
import { Notice } from '../../components/notice.tsx';

export type SaveResult =
  | { saved: PrealertSaved; invoice: 'none' | 'saved' }
  | { saved: PrealertSaved; invoice: 'failed'; invoiceError: string };

export function SavedNotice({ result }: { result: SaveResult }) {
  const { saved } = result;
  const number = saved.package.number;
  return (
    <>
      {/* One status with all of it, so it is announced once, in reading order. */}
      <Notice tone="success">
        <p>{saved.message}</p>
        {result.invoice === 'saved' && <p>{prealertMessages.invoiceSaved}</p>}
        {saved.warning && <p className="notice__warning">{saved.warning}</p>}
        <p>
          <Link to={paths.packageDetail(number)}>Ver el paquete {number}</Link>
        </p>
      </Notice>
      {result.invoice === 'failed' && (
        <Notice tone="error">
          La prealerta quedó guardada, pero la factura no se pudo subir: {result.invoiceError} Puedes
          adjuntarla desde la página del paquete.
        </Notice>
      )}
    </>
  );
}
