// 'Solicitudes' (design/requests.md): what the customer asks for the packages chosen ('Consolidar', 'Reempacar', 'Fotos
// adicionales', 'Devolver a la tienda'), what each needs (how to repack, what to photograph, the store's return
// label), and before 'Confirmar solicitud' the fee in USD and pesos with what will happen, from the rates in force.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../shared/messages.ts';
import {
  REPACK_OPTIONS,
  REQUEST_LABELS,
  type RepackOption,
  type RequestKind,
} from '../../shared/requests/kinds.ts';
import { requestFee, requestMessages, requestSummary } from '../../shared/requests/requests.ts';
import { RequestError } from '../app/request.ts';
import { chargeKeys, getRates } from '../charges/api.ts';
import { ConfirmActions } from '../components/confirm-actions.tsx';
import { describedBy, FieldError } from '../components/field.tsx';
import { Notice } from '../components/notice.tsx';
import { RadioChoices } from '../components/radio-choices.tsx';
import { packageKeys } from '../packages/api.ts';
import { INVOICE_ACCEPT, invoiceProblem } from '../packages/invoice-file.ts';
import { askRequest, requestKeys, uploadReturnLabel } from './api.ts';

export function RequestForm(props: {
  kind: RequestKind;
  numbers: number[];
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const { kind, numbers } = props;
  const queryClient = useQueryClient();
  const rates = useQuery({ queryKey: chargeKeys.rates, queryFn: getRates });
  const [repackOption, setRepackOption] = useState<RepackOption | ''>('');
  const [note, setNote] = useState('');
  const [labelFileId, setLabelFileId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function chooseLabel(file: File | undefined) {
    if (!file) return;
    const problem = invoiceProblem(file);
    if (problem) return setErrors({ labelFileId: requestMessages.labelType });
    try {
      setLabelFileId((await uploadReturnLabel(file)).fileId);
      setErrors({});
    } catch (failure) {
      setErrors({ labelFileId: failure instanceof Error ? failure.message : messages.serverError });
    }
  }

  async function confirm() {
    setBusy(true);
    try {
      const saved = await askRequest({
        kind,
        numbers,
        repackOption: repackOption || null,
        note,
        labelFileId,
      });
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void queryClient.invalidateQueries({ queryKey: packageKeys.all });
      props.onDone(saved.message);
    } catch (failure) {
      const field = (failure instanceof RequestError ? failure.field : undefined) ?? 'form';
      setErrors({ [field]: failure instanceof Error ? failure.message : messages.serverError });
    } finally {
      setBusy(false);
    }
  }

  const fee = rates.data && requestFee(kind, numbers.length, rates.data);
  return (
    <section className="card" aria-labelledby="request-heading">
      <h2 id="request-heading">{REQUEST_LABELS[kind]}</h2>
      <p>Paquetes: {numbers.join(', ')}</p>
      {kind === 'reempacar' && (
        <RadioChoices
          name="repackOption"
          legend="¿Cómo reempacamos?"
          value={repackOption}
          choices={Object.entries(REPACK_OPTIONS)}
          error={errors.repackOption}
          onValue={(value) => setRepackOption(value === 'quitar_caja' ? 'quitar_caja' : 'caja_pequena')}
        />
      )}
      {(kind === 'fotos' || kind === 'consolidar' || kind === 'reempacar') && (
        <div className="field">
          <label htmlFor="request-note">
            {kind === 'fotos' ? 'Qué quieres ver en las fotos' : 'Nota para la bodega'}
          </label>
          <textarea
            id="request-note"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedBy('request-note', { error: errors.note })}
          />
          <FieldError id="request-note" error={errors.note} />
        </div>
      )}
      {kind === 'devolver' && (
        <div className="field">
          <label htmlFor="request-label">Guía de devolución de la tienda</label>
          <input
            id="request-label"
            type="file"
            accept={INVOICE_ACCEPT}
            onChange={(event) => void chooseLabel(event.target.files?.[0])}
            aria-invalid={errors.labelFileId ? true : undefined}
            aria-describedby={describedBy('request-label', { hint: true, error: errors.labelFileId })}
          />
          <p className="field__hint" id="request-label-hint">
            {labelFileId
              ? requestMessages.labelSaved
              : 'La guía prepagada que te dio la tienda: PDF o imagen, hasta 10 MB.'}
          </p>
          <FieldError id="request-label" error={errors.labelFileId} />
        </div>
      )}
      {fee ? (
        <p className="request-summary">{requestSummary(kind, numbers.length, fee)}</p>
      ) : (
        <p role="status">{messages.loading}</p>
      )}
      {(errors.form || errors.numbers) && <Notice tone="error">{errors.form ?? errors.numbers}</Notice>}
      <ConfirmActions
        busy={busy}
        label="Confirmar solicitud"
        busyLabel="Enviando..."
        onConfirm={() => void confirm()}
        cancelLabel="Volver"
        onCancel={props.onClose}
      />
    </section>
  );
}
