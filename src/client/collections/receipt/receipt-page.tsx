// design/delivery.md 'Proof of delivery' /paquetes/:number/comprobante: the 'Comprobante de pago' of a delivered
// package, printable ('Imprimir') and as a PDF ('Descargar PDF'): our name and NIT, its own number, the package, 'Valor
// a pagar' in USD and pesos, 'Valor pagado', the means and reference, the date and time. Its owner and staff only:
// anyone else reads 'not found'.
import { useQuery } from '@tanstack/react-query';
import { receiptPaymentFacts } from '../../../shared/collections/receipt.ts';
import { formatLocalDateTime } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { QueryStates } from '../../app/query-states.tsx';
import { Link, useParams, useSearchParams } from '../../app/router.tsx';
import { SignedInNav } from '../../app/signed-in-nav.tsx';
import { FactList } from '../../components/fact-list.tsx';
import { EinvoiceBox } from '../../einvoice/einvoice-box.tsx';
import { collectionKeys, getReceipt, type PaymentReceipt } from '../api.ts';
import './receipt.css';

function ReceiptPage() {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  // `?parte=saldo`: the receipt of its 'Saldo pendiente' (paths.balanceReceipt).
  const search = params.get('parte') === 'saldo' ? '?parte=saldo' : '';
  const receipt = useQuery({
    queryKey: collectionKeys.receipt(number, search),
    queryFn: ({ signal }) => getReceipt(number, search, signal),
  });
  const back = (
    <p className="no-print">
      <Link to={paths.packageDetail(number)}>Volver al paquete {number}</Link>
    </p>
  );
  const heading = (missing: boolean) => (
    <h1 className="no-print">{missing ? 'Comprobante no encontrado' : 'Comprobante de pago'}</h1>
  );
  return (
    <Page title={`Comprobante de pago del paquete ${number}`} nav={<SignedInNav />}>
      <QueryStates query={receipt} heading={heading} back={back}>
        {(data) => (
          <>
            <ReceiptSheet receipt={data} />
            <EinvoiceBox number={data.package.number} search={search} />
            {back}
          </>
        )}
      </QueryStates>
    </Page>
  );
}

/** The receipt's facts, in the order a customer reads them. */
function receiptFacts(receipt: PaymentReceipt): Array<[string, string]> {
  const facts: Array<[string, string]> = [
    ['Fecha de emisión', formatLocalDateTime(receipt.issuedAt)],
    ['Cliente', receipt.customer.name],
    ['Paquete', String(receipt.package.number)],
    ['Guía', receipt.package.guide],
    ['Contenido', receipt.package.content],
    ...receiptPaymentFacts(receipt),
    ['Fecha y hora del pago', formatLocalDateTime(receipt.paidAt)],
    ['Recibido por', receipt.receivedBy],
  ];
  return facts.filter(([, value]) => value !== '');
}

function ReceiptSheet({ receipt }: { receipt: PaymentReceipt }) {
  const { company } = receipt;
  return (
    <article className="receipt-sheet" aria-labelledby="receipt-title">
      <header className="receipt-sheet__head">
        <p className="receipt-sheet__company">{company.name}</p>
        <p>NIT {company.nit}</p>
        {company.address && <p>{company.address}</p>}
      </header>
      <h1 id="receipt-title">
        Comprobante de pago <span className="receipt-sheet__code">{receipt.receiptCode}</span>
      </h1>
      <FactList className="data-list receipt-sheet__facts" facts={receiptFacts(receipt)} />
      <p className="field__hint">
        {receipt.means === 'wompi' ? 'Pago en línea con Wompi' : 'Pago recibido contra entrega'} del paquete{' '}
        {receipt.package.number}. Conserva este comprobante.
      </p>
      <div className="actions no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          Imprimir
        </button>
        <a className="button button--secondary" href={receipt.pdfPath} download>
          Descargar PDF
        </a>
      </div>
    </article>
  );
}

export default withQuery(ReceiptPage);
