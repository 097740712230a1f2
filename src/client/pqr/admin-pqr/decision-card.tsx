// 'Decisión' on a 'Solicitud de indemnización': 'Aprobada' with the amount in whole pesos paid as 'Crédito' (on the
// customer's next charge) or 'Transferencia' with its reference, or 'Negada' with the reason. Once, and audited:
// 'Guardar decisión' first shows what will be decided (the amount written out, '$ 120.000') and asks again.
import { formatCop, pesosInput } from '../../../shared/money.ts';
import type { PqrStaffDetail } from '../../../shared/pqr/api-types.ts';
import {
  DECISION_OUTCOME_LABELS,
  DECISION_OUTCOMES,
  type Decision,
  decisionSchema,
  INDEMNITY_PAYMENT_LABELS,
  INDEMNITY_PAYMENTS,
} from '../../../shared/pqr/forms.ts';
import { ConfirmActions } from '../../components/confirm-actions.tsx';
import { Field } from '../../components/field.tsx';
import { RadioChoices } from '../../components/radio-choices.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useAskFirst } from '../../components/use-ask-first.ts';
import { decidePqr } from '../api.ts';
import { ActionCard, type OnChanged, useStaffAction } from './staff-actions.tsx';

interface DecisionValues {
  outcome: string;
  amountCop: string;
  payment: string;
  reference: string;
  reason: string;
}

const REASON_TEXT = {
  label: 'Motivo',
  rows: 4,
  maxLength: 5000,
  hint: 'Se le informa al cliente con la respuesta.',
};

/** What 'Sí, guardar decisión' will save, in words: the amount as it will be paid, never the digits typed. */
export function decisionSummary(decision: Decision): string {
  if (decision.outcome === 'negada')
    return 'Vas a negar la solicitud. La decisión es definitiva y se le envía al cliente.';
  const how = decision.payment === 'credito' ? 'como «Crédito» en su próximo cobro' : 'por «Transferencia»';
  return `Vas a aprobar ${formatCop(decision.amountCop ?? 0)}, pagados ${how}. La decisión es definitiva y se le envía al cliente.`;
}

export function DecisionCard({ pqr, onChanged }: { pqr: PqrStaffDetail; onChanged: OnChanged }) {
  // The decision asked about ('Guardar decisión' checked it); 'Sí, guardar decisión' sends the form again.
  const ask = useAskFirst<Decision>();
  const form = useStaffAction<DecisionValues, Decision>(onChanged, {
    initial: { outcome: '', amountCop: '', payment: '', reference: '', reason: '' },
    input: (values) => ({
      outcome: values.outcome || undefined,
      amountCop: values.outcome === 'aprobada' ? pesosInput(values.amountCop) : undefined,
      payment: values.outcome === 'aprobada' ? values.payment || undefined : undefined,
      reference: values.payment === 'transferencia' ? values.reference : '',
      reason: values.outcome === 'negada' ? values.reason : '',
    }),
    schema: decisionSchema,
    ids: (field) => `decision-${field}`,
    send: async (data) => {
      if (!ask.answered(data)) return null;
      ask.close();
      return decidePqr(pqr.radicado, data);
    },
    onFailure() {
      ask.close();
    },
  });
  const { values } = form;
  // A change after the question makes it stale: 'Guardar decisión' asks again about what is typed now.
  const set: typeof form.set = (field, value) => {
    ask.cancel();
    form.set(field, value);
  };
  const field = (name: 'amountCop' | 'reference' | 'reason') => ({
    ...form.field(name),
    onValue: (value: string) => set(name, value),
  });
  return (
    <ActionCard id="decision" title="Decisión" form={form} label="Guardar decisión" busyLabel="Guardando...">
      <RadioChoices
        name="decision-outcome"
        legend="Decisión"
        value={values.outcome}
        choices={DECISION_OUTCOMES.map((outcome) => [outcome, DECISION_OUTCOME_LABELS[outcome]] as const)}
        error={form.errors.outcome}
        onValue={(outcome) => set('outcome', outcome)}
      />
      {values.outcome === 'aprobada' && (
        <>
          <Field
            {...field('amountCop')}
            label="Valor (pesos)"
            inputMode="numeric"
            hint="En pesos colombianos, sin decimales."
            maxLength={15}
          />
          <RadioChoices
            name="decision-payment"
            legend="Pago"
            value={values.payment}
            choices={INDEMNITY_PAYMENTS.map(
              (payment) => [payment, INDEMNITY_PAYMENT_LABELS[payment]] as const,
            )}
            error={form.errors.payment}
            onValue={(payment) => set('payment', payment)}
          />
          {values.payment === 'credito' && (
            <p className="field__hint">Se descuenta del próximo cobro del cliente.</p>
          )}
          {values.payment === 'transferencia' && (
            <Field {...field('reference')} label="Referencia" maxLength={80} />
          )}
        </>
      )}
      {values.outcome === 'negada' && <TextAreaField {...field('reason')} {...REASON_TEXT} />}
      {ask.asking && (
        <section className="confirm card" aria-labelledby="decision-confirm">
          <p id="decision-confirm">{decisionSummary(ask.asking)}</p>
          <ConfirmActions
            busy={form.busy}
            label="Sí, guardar decisión"
            busyLabel="Guardando..."
            confirmRef={ask.confirmRef}
            onConfirm={() => ask.confirm(form)}
            cancelLabel="Cancelar"
            onCancel={ask.cancel}
          />
        </section>
      )}
    </ActionCard>
  );
}
