// design/delivery.md 'Collections and the cash close': 'Cierre de caja' of a route, for admins. While 'En curso': what
// was expected ('Valor a pagar' of the delivered packages), what was collected by means, 'Efectivo entregado' typed by
// the cashier with the difference shown as it is typed, 'Observación' required when anything differs, and 'Cerrar
// ruta' asked in the page first. Once closed: the stored close's figures, printed on one page with the route sheet.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { CashCloseRecord } from '../../../shared/collections/api-types.ts';
import {
  type CashClose,
  type CloseFigures,
  cashCloseSchema,
  closeFigures,
  hasDifference,
} from '../../../shared/collections/forms.ts';
import { formatLocalDateTime } from '../../../shared/dates.ts';
import { formatCop, parsePesos } from '../../../shared/money.ts';
import { QueryStates } from '../../app/query-states.tsx';
import {
  closeRoute,
  collectionKeys,
  getRouteCash,
  type RouteCash,
  type RouteClosed,
} from '../../collections/api.ts';
import { type CashCloseValues, cashCloseInput, observationCheck } from '../../collections/cash-close.ts';
import { MeansTable } from '../../collections/means-table.tsx';
import { ConfirmActions } from '../../components/confirm-actions.tsx';
import { FactList } from '../../components/fact-list.tsx';
import { Field } from '../../components/field.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useAskFirst } from '../../components/use-ask-first.ts';
import { useForm } from '../../components/use-form.ts';
import type { ChangeHandlers } from '../../packages/outcome.tsx';
import type { RouteChanged, RouteDetail } from '../routes-api.ts';
import { RouteCollections } from './route-collections.tsx';
import { packagesText } from './route-moves.tsx';

/** A signed amount of pesos as the close shows it: '+$ 5.000' over, '-$ 5.000' short, '$ 0' even. */
const signedCop = (pesos: number) => (pesos > 0 ? `+${formatCop(pesos)}` : formatCop(pesos));

/** The figures both the form and the stored close list. */
function figureFacts(figures: CloseFigures, delivered: number): Array<[string, string]> {
  return [
    ['Entregados', String(delivered)],
    ['Esperado', formatCop(figures.expectedCop)],
    ['Recaudado', formatCop(figures.collectedCop)],
    ['Efectivo recaudado', formatCop(figures.cashCollectedCop)],
  ];
}

/** The difference lines: of the cash handed in, and of everything against what was expected. */
function differenceFacts(figures: CloseFigures): Array<[string, string]> {
  return [
    ['Diferencia de efectivo', signedCop(figures.cashDifferenceCop)],
    ['Diferencia', signedCop(figures.differenceCop)],
  ];
}

export function RouteClose(props: { route: RouteDetail } & ChangeHandlers<RouteChanged>) {
  const { route } = props;
  const id = useId();
  const cash = useQuery({
    queryKey: collectionKeys.routeCash(String(route.id)),
    queryFn: ({ signal }) => getRouteCash(String(route.id), signal),
  });
  return (
    <section className="card route-close" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Cierre de caja</h2>
      <QueryStates query={cash}>
        {(data) =>
          data.close ? (
            <>
              <StoredClose close={data.close} />
              <RouteCollections cash={data} />
            </>
          ) : route.state === 'en_curso' ? (
            <>
              <CloseForm {...props} cash={data} />
              <RouteCollections cash={data} />
            </>
          ) : (
            <p>Esta ruta se cerró sin cierre de caja.</p>
          )
        }
      </QueryStates>
    </section>
  );
}

/** The close as stored: its figures, by means, 'Efectivo entregado', the differences, 'Observación', who and when. */
function StoredClose({ close }: { close: CashCloseRecord }) {
  const facts: Array<[string, string]> = [
    ['Cerrada', `${formatLocalDateTime(close.closedAt)} por ${close.closedByName}`],
    ...figureFacts(close, close.delivered),
    ['Efectivo entregado', formatCop(close.cashDeliveredCop)],
    ...differenceFacts(close),
  ];
  if (close.note) facts.push(['Observación', close.note]);
  return (
    <>
      <FactList className="data-list close-facts" facts={facts} />
      <MeansTable rows={close.byMeans} caption="Recaudado por medio de pago" />
    </>
  );
}

/** 'Efectivo entregado' and 'Observación', the difference as typed, and 'Cerrar ruta' asked before it is sent. */
function CloseForm(props: { route: RouteDetail; cash: RouteCash } & ChangeHandlers<RouteChanged>) {
  const { route, cash } = props;
  const id = useId();
  const queryClient = useQueryClient();
  // 'Sí, cerrar ruta' sends the form again: the checks run once more on what is typed now.
  const ask = useAskFirst<true>();
  const figuresFor = (cashDeliveredCop: number) =>
    closeFigures({ expectedCop: cash.figures.expectedCop, byMeans: cash.byMeans }, cashDeliveredCop);

  const form = useForm<CashCloseValues, CashClose, RouteClosed | null>({
    // Nothing to count when no cash was collected; otherwise the cashier types what they counted.
    initial: { cashDeliveredCop: cash.figures.cashCollectedCop === 0 ? '0' : '', note: '' },
    input: cashCloseInput,
    schema: cashCloseSchema,
    ids: (field) => `${id}-${field}`,
    check: (data) => observationCheck(data, hasDifference(figuresFor(data.cashDeliveredCop))),
    async submit(data) {
      if (!ask.answered(true)) return null;
      const answer = await closeRoute(route.id, data);
      ask.close();
      props.onChanged(answer);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.routeCash(String(route.id)) });
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
      return answer;
    },
    onFailure() {
      ask.close();
      void queryClient.invalidateQueries({ queryKey: collectionKeys.routeCash(String(route.id)) });
    },
  });

  const typed = parsePesos(form.values.cashDeliveredCop);
  const live = typed === null ? null : figuresFor(typed);
  const undelivered = route.stops.filter((stop) => stop.outcome.kind !== 'delivered').length;

  return (
    <>
      <FactList className="data-list close-facts" facts={figureFacts(cash.figures, cash.delivered)} />
      <MeansTable rows={cash.byMeans} caption="Recaudado por medio de pago" />
      <FormShell form={form} className="form route-close__form no-print">
        <Field
          {...form.field('cashDeliveredCop')}
          label="Efectivo entregado"
          hint={`El efectivo que contaste al mensajero, en pesos sin puntos. Recaudó en efectivo ${formatCop(cash.figures.cashCollectedCop)}.`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={13}
          required
        />
        <div className="close-difference" role="status">
          {live ? (
            <FactList className="data-list close-facts" facts={differenceFacts(live)} />
          ) : (
            <p>Escribe el efectivo entregado para ver la diferencia.</p>
          )}
        </div>
        <TextAreaField
          {...form.field('note')}
          label="Observación"
          hint={
            live && hasDifference(live)
              ? 'Obligatoria: explica la diferencia.'
              : 'Solo si hay una diferencia (opcional sin ella).'
          }
          rows={3}
          maxLength={1000}
        />
        <div className="actions">
          <SubmitButton busy={form.busy} label="Cerrar ruta" busyLabel="Cerrando..." />
        </div>
        {ask.asking && (
          <section className="confirm card" aria-labelledby={`${id}-confirm`}>
            <p id={`${id}-confirm`}>
              {undelivered === 0
                ? 'Todas las paradas se entregaron.'
                : `${packagesText(undelivered)} sin entregar ${undelivered === 1 ? 'volverá' : 'volverán'} a «En bodega Colombia» con su intento contado.`}{' '}
              La ruta quedará «Cerrada»{' '}
              {live && hasDifference(live)
                ? `con una diferencia de ${signedCop(live.differenceCop)} (${signedCop(live.cashDifferenceCop)} en efectivo)`
                : 'con la caja cuadrada'}
              , y sus recaudos solo podrá corregirlos un administrador.
            </p>
            <ConfirmActions
              busy={form.busy}
              label="Sí, cerrar ruta"
              busyLabel="Cerrando..."
              danger
              confirmRef={ask.confirmRef}
              onConfirm={() => ask.confirm(form)}
              cancelLabel="Cancelar"
              onCancel={ask.cancel}
            />
          </section>
        )}
        <FormError message={form.formError} />
      </FormShell>
    </>
  );
}
