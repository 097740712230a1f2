// 'Decisión' on a 'Solicitud de indemnización': 'Aprobada' with the amount in whole pesos paid as 'Crédito' (on the
// customer's next charge) or 'Transferencia' with its reference, or 'Negada' with the reason. Once, and audited.
import type { PqrStaffDetail } from '../../../shared/pqr/api-types.ts';
import {
  DECISION_OUTCOME_LABELS,
  DECISION_OUTCOMES,
  type Decision,
  decisionSchema,
  INDEMNITY_PAYMENT_LABELS,
  INDEMNITY_PAYMENTS,
} from '../../../shared/pqr/forms.ts';
import { decidePqr } from '../../api/pqr.ts';
import { Field } from '../../components/field.tsx';
import { RadioChoices } from '../../components/radio-choices.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
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

/** '85.000' or '85000' → 85000; anything else is left for the schema to refuse. */
function pesos(text: string): number | undefined {
  const bare = text.replace(/[\s.$]/g, '');
  return bare === '' ? undefined : Number(bare);
}

export function DecisionCard({ pqr, onChanged }: { pqr: PqrStaffDetail; onChanged: OnChanged }) {
  const form = useStaffAction<DecisionValues, Decision>(onChanged, {
    initial: { outcome: '', amountCop: '', payment: '', reference: '', reason: '' },
    input: (values) => ({
      outcome: values.outcome || undefined,
      amountCop: values.outcome === 'aprobada' ? pesos(values.amountCop) : undefined,
      payment: values.outcome === 'aprobada' ? values.payment || undefined : undefined,
      reference: values.payment === 'transferencia' ? values.reference : '',
      reason: values.outcome === 'negada' ? values.reason : '',
    }),
    schema: decisionSchema,
    ids: (field) => `decision-${field}`,
    send: (data) => decidePqr(pqr.radicado, data),
  });
  const { values } = form;
  return (
    <ActionCard id="decision" title="Decisión" form={form} label="Guardar decisión" busyLabel="Guardando...">
      <RadioChoices
        name="decision-outcome"
        legend="Decisión"
        value={values.outcome}
        choices={DECISION_OUTCOMES.map((outcome) => [outcome, DECISION_OUTCOME_LABELS[outcome]] as const)}
        error={form.errors.outcome}
        onValue={(outcome) => form.set('outcome', outcome)}
      />
      {values.outcome === 'aprobada' && (
        <>
          <Field
            {...form.field('amountCop')}
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
            onValue={(payment) => form.set('payment', payment)}
          />
          {values.payment === 'credito' && (
            <p className="field__hint">Se descuenta del próximo cobro del cliente.</p>
          )}
          {values.payment === 'transferencia' && (
            <Field {...form.field('reference')} label="Referencia" maxLength={80} />
          )}
        </>
      )}
      {values.outcome === 'negada' && <TextAreaField {...form.field('reason')} {...REASON_TEXT} />}
    </ActionCard>
  );
}
