// design/notices.md 'What people see' /admin/avisos ('Avisos', admins only): the share read and the counts per template
// and state for a range of days, the last notices with their state (and why one failed), and the customers who opted
// out. Anyone else gets the 403 message.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminsOnly } from '../../app/admins-only.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { QueryStates, showsStaffNav } from '../../app/query-states.tsx';
import { StaffNav } from '../../app/staff-nav.tsx';
import { Notice } from '../../components/notice.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { getNoticesOverview, noticeKeys } from '../api.ts';
import { LastNotices, NoticeCounts, OptedOut } from './notice-tables.tsx';
import './admin-notices.css';

const RANGES = [1, 7, 30, 90].map((days) => ({
  value: String(days),
  label: days === 1 ? 'Último día' : `Últimos ${days} días`,
}));

/** What 'Avisos' says while the WHATSAPP_* settings are missing (issue 37), instead of a share read of nothing. */
const WHATSAPP_OFF =
  'Los avisos por WhatsApp están apagados: faltan las variables WHATSAPP_* del servidor. Mientras tanto, cada aviso va por correo.';

const percent = new Intl.NumberFormat('es-CO', { style: 'percent', maximumFractionDigits: 1 });

function Notices() {
  const [days, setDays] = useState(7);
  const overview = useQuery({
    queryKey: noticeKeys.overview(days),
    queryFn: ({ signal }) => getNoticesOverview(days, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Page title="Avisos" wide nav={showsStaffNav(overview) ? <StaffNav /> : undefined}>
      <h1>Avisos</h1>
      <p className="lead">
        Los avisos por WhatsApp a los clientes que los aceptaron; sin WhatsApp, el aviso va por correo.
      </p>
      <QueryStates query={overview} refused={<AdminsOnly />}>
        {(data) => (
          <>
            <SelectField
              id="avisos-dias"
              label="Periodo"
              options={RANGES}
              value={String(days)}
              disabled={overview.isFetching}
              onValue={(value) => setDays(Number(value))}
            />
            {data.whatsappOn ? (
              <p role="status" aria-busy={overview.isFetching || undefined}>
                {overview.isFetching
                  ? 'Cargando...'
                  : `Leídos: ${percent.format(data.readShare)} de los avisos enviados en ${data.days === 1 ? 'el último día' : `los últimos ${data.days} días`}.`}
              </p>
            ) : (
              <Notice tone="info">{WHATSAPP_OFF}</Notice>
            )}
            <NoticeCounts counts={data.counts} />
            <LastNotices notices={data.last} />
            <OptedOut customers={data.optedOut} />
          </>
        )}
      </QueryStates>
    </Page>
  );
}

export default withQuery(Notices);
