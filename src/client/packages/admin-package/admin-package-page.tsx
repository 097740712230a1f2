// The staff's view of one package (/admin/paquetes/:number, admins as the 'Paquetes' board): what it is and whose,
// its photos and invoice, '¿Ya pagó?' with its online payments, 'Historial' with who made each move and when, 'Cobro'
// with the inputs and rates each line came from, the proof of delivery with the whole 'Documento' and the courier,
// and the staff's actions ('Cambiar estado', 'Recalcular cobro', 'Imprimir etiqueta'). An unknown number is 'Paquete
// no encontrado'; anyone else the 403.
// It follows the package live: a change made elsewhere (another admin, the warehouse, the courier) shows at once.
import { useQuery } from '@tanstack/react-query';
import { STATE_LABELS } from '../../../shared/packages/states.ts';
import { paths } from '../../../shared/paths.ts';
import { withQuery } from '../../app/query-client.tsx';
import { useParams } from '../../app/router.tsx';
import { BackLink, StaffRecordPage } from '../../app/staff-record-page.tsx';
import { DeliveryProofCard } from '../../delivery/delivery-proof.tsx';
import { DeliveryAttemptList, PackageHistory } from '../history-list.tsx';
import {
  getStaffPackage,
  operationKeys,
  type StaffPackage,
  useStaffPackageLiveUpdates,
} from '../operations-api.ts';
import { LocationEdit } from './location-edit.tsx';
import { StaffActions } from './staff-actions.tsx';
import { StaffCharge } from './staff-charge.tsx';
import { StaffFacts, StaffPhotos } from './staff-facts.tsx';
import { StaffPayment } from './staff-payment.tsx';
import './admin-package.css';

function AdminPackagePage() {
  const number = useParams().number ?? '';
  // Another package is another screen: nothing of the previous one's forms or notices carries over.
  return <AdminPackageScreen key={number} number={number} />;
}

function AdminPackageScreen({ number }: { number: string }) {
  const view = useQuery({
    queryKey: operationKeys.package(number),
    queryFn: ({ signal }) => getStaffPackage(number, signal),
  });
  useStaffPackageLiveUpdates(number, view.isSuccess);
  return (
    <StaffRecordPage
      title={`Paquete ${number}`}
      missing="Paquete no encontrado"
      query={view}
      back={{ to: paths.adminPackages, label: 'Volver a Paquetes' }}
    >
      {(data) => <AdminPackageView view={data} />}
    </StaffRecordPage>
  );
}

function AdminPackageView({ view }: { view: StaffPackage }) {
  const pkg = view.package;
  return (
    <>
      <h1>Paquete {pkg.number}</h1>
      <p className="staff-package__lead">
        <span className={`state-badge state-badge--${pkg.state}`}>{STATE_LABELS[pkg.state]}</span>{' '}
        {pkg.content}
      </p>
      <StaffActions view={view} />
      <div className="staff-package">
        <div className="staff-package__main">
          <StaffFacts view={view} />
          {pkg.state === 'recibido' && <LocationEdit number={pkg.number} location={pkg.location} />}
          <StaffPhotos pkg={pkg} />
          {pkg.delivery && <DeliveryProofCard number={pkg.number} proof={pkg.delivery} audience="staff" />}
          <DeliveryAttemptList attempts={pkg.attempts} />
        </div>
        <div className="staff-package__side">
          <StaffPayment view={view} />
          <StaffCharge charge={view.charge} />
          <PackageHistory events={view.events} />
        </div>
      </div>
      <BackLink to={paths.adminPackages} label="Volver a Paquetes" />
    </>
  );
}

export default withQuery(AdminPackagePage);
