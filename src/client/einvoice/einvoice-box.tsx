// 'Factura electrónica {prefijo}{número}' of a package, on its page and on 'Comprobante de pago': its CUFE, the
// DIAN's QR (drawn by the server) and its link, the provider's PDF and XML, its lines with their IVA, the customs taxes paid on the customer's
// behalf apart, and the 'Nota crédito' that annulled it. Nothing while the package has no invoice.
import { useQuery } from '@tanstack/react-query';
import type { CustomerInvoice } from '../../shared/einvoice/api-types.ts';
import { invoiceMessages } from '../../shared/einvoice/labels.ts';
import { factIf } from '../../shared/facts.ts';
import { formatCop } from '../../shared/money.ts';
import { FactList } from '../components/fact-list.tsx';
import { getPackageInvoice, invoiceFileUrl, packageInvoiceKeys } from './api.ts';

const titleId = (search: string) => (search ? 'einvoice-title-saldo' : 'einvoice-title');

const taxOf = (line: CustomerInvoice['lines'][number]) =>
  line.excluded ? 'Excluido de IVA' : `IVA ${line.vatBasisPoints / 100} %: ${formatCop(line.vatCop)}`;

function InvoiceFacts({ number, search, data }: { number: number; search: string; data: CustomerInvoice }) {
  const { invoice } = data;
  if (!invoice) return <p>Tu factura electrónica está en trámite con la DIAN; aparecerá aquí.</p>;
  return (
    <>
      <h2 id={titleId(search)}>Factura electrónica {invoice.fullNumber}</h2>
      <FactList
        className="data-list"
        facts={[
          ['CUFE', invoice.cufe],
          ...data.lines.map((line): [string, string] => [
            line.description,
            `${formatCop(line.grossCop - line.discountCop)} (${taxOf(line)})`,
          ]),
          ['Total facturado', formatCop(data.totalCop)],
          ...factIf(data.customsCop > 0, invoiceMessages.customsApart, formatCop(data.customsCop)),
        ]}
      />
      {invoice.qrUrl && (
        <img
          className="einvoice__qr"
          src={invoiceFileUrl(number, 'qr.svg', search)}
          alt={`Código QR de la factura electrónica ${invoice.fullNumber}: abre su consulta en la DIAN`}
          width={132}
          height={132}
        />
      )}
      <div className="actions no-print">
        {invoice.qrUrl && (
          <a className="button button--secondary" href={invoice.qrUrl} target="_blank" rel="noreferrer">
            Código QR: consultar en la DIAN
          </a>
        )}
        {data.downloads && (
          <>
            <a className="button button--secondary" href={invoiceFileUrl(number, 'pdf', search)} download>
              Descargar factura PDF
            </a>
            <a className="button button--secondary" href={invoiceFileUrl(number, 'xml', search)} download>
              Descargar factura XML
            </a>
          </>
        )}
      </div>
      {data.creditNote && (
        <p>
          Anulada con la nota crédito {data.creditNote.fullNumber} (CUFE {data.creditNote.cufe}).
        </p>
      )}
    </>
  );
}

/** The box of the charge's invoice, or with `search` '?parte=saldo' of its 'Saldo pendiente''s (a second box). */
export function EinvoiceBox({ number, search = '' }: { number: number; search?: string }) {
  const query = useQuery({
    queryKey: packageInvoiceKeys.one(number, search),
    queryFn: ({ signal }) => getPackageInvoice(number, search, signal),
    retry: false,
  });
  if (!query.data) return null;
  return (
    <section className="card einvoice" aria-labelledby={titleId(search)}>
      {!query.data.invoice && <h2 id={titleId(search)}>Factura electrónica</h2>}
      <InvoiceFacts number={number} search={search} data={query.data} />
    </section>
  );
}
