// 'Nueva ruta': 'Fecha' (the day on screen unless changed), 'Mensajero' (the people with role reparto) and 'Zona',
// checked with the shared schema; the new route's screen opens with the server's message. With no courier yet,
// it says how to give the role instead.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { newRouteSchema } from '../../../shared/delivery/route-forms.ts';
import { paths } from '../../../shared/paths.ts';
import { QueryStates } from '../../app/query-states.tsx';
import { Link, useNavigate } from '../../app/router.tsx';
import { Field } from '../../components/field.tsx';
import { FormActions, FormShell } from '../../components/form-shell.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { formOutcome, OutcomeNotice } from '../../packages/outcome.tsx';
import { type Courier, createRoute, listCouriers, routeKeys } from '../routes-api.ts';

/** What the route's screen shows on arrival (history state). */
export interface RouteArrival {
  notice: string;
}

export function NewRouteForm({ date }: { date: string }) {
  const id = useId();
  const couriers = useQuery({ queryKey: routeKeys.couriers, queryFn: ({ signal }) => listCouriers(signal) });
  return (
    <section className="card operation-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Nueva ruta</h2>
      <QueryStates query={couriers}>
        {(data) =>
          data.couriers.length === 0 ? (
            <NoCouriers />
          ) : (
            <RouteForm key={date} date={date} couriers={data.couriers} />
          )
        }
      </QueryStates>
    </section>
  );
}

function NoCouriers() {
  return (
    <div className="routes-empty">
      <p>Aún no hay mensajeros: una ruta es siempre de un mensajero.</p>
      <p>
        Un administrador le da el rol en <Link to={paths.adminLockers}>Casilleros</Link>: busca a la persona,
        elige «Mensajero» en «Rol» y pulsa «Cambiar rol». También desde la consola del servidor:{' '}
        <code>npm run admin -- role CORREO reparto</code>.
      </p>
    </div>
  );
}

function RouteForm({ date, couriers }: { date: string; couriers: Courier[] }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    initial: { date, courierId: couriers[0]?.id ?? '', zone: '' },
    schema: newRouteSchema,
    ids: (name) => `${id}-${name}`,
    async submit(data) {
      const answer = await createRoute(data);
      void queryClient.invalidateQueries({ queryKey: routeKeys.all });
      const state: RouteArrival = { notice: answer.message };
      navigate(paths.adminRoute(answer.route.id), { state });
    },
  });
  const options = couriers.map((courier) => ({ value: courier.id, label: courier.name || courier.email }));
  return (
    <FormShell form={form}>
      <Field label="Fecha" type="date" required {...form.field('date')} />
      <SelectField label="Mensajero" required options={options} {...form.field('courierId')} />
      <Field
        label="Zona"
        hint="Por ejemplo: Bogotá norte."
        required
        maxLength={100}
        autoComplete="off"
        {...form.field('zone')}
      />
      <OutcomeNotice outcome={formOutcome(form)} />
      <FormActions busy={form.busy} label="Crear ruta" busyLabel="Creando..." />
    </FormShell>
  );
}
