// The receiving form of /bodega: look the guide up, read the parcel's facts, attach photos, 'Registrar recepción';
// then say what became of it, offer 'Imprimir etiqueta', and start over on 'Número de guía' for the next parcel.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { RequestError } from '../../app/request.ts';
import { SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { useForm } from '../../components/use-form.ts';
import { lookupGuide, type ReceiptSaved, registerReceipt, warehouseKeys } from '../api.ts';
import { GuideField } from './guide-field.tsx';
import type { LookupState } from './lookup-result.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { ReceiptFields } from './receipt-fields.tsx';
import {
  emptyReceipt,
  lookupable,
  ReceiptFailure,
  type ReceiptValues,
  receiptBody,
  receiptFieldId,
  receiptSchema,
} from './receipt-form.ts';
import { receiptRules } from './receipt-rules.ts';
import { usePhotoUploads } from './use-photo-uploads.ts';

/** The server's Spanish message; anything else here is a script that could not be downloaded. */
const errorText = (error: unknown) =>
  error instanceof RequestError ? error.message || messages.serverError : messages.networkError;
const focus = (field: keyof ReceiptValues) => document.getElementById(receiptFieldId(field))?.focus();

export function ReceiveForm() {
  const queryClient = useQueryClient();
  const [lookup, setLookup] = useState<LookupState>({ status: 'idle' });
  const photos = usePhotoUploads();
  const guideInput = useRef<HTMLInputElement>(null);
  // The guide last asked about, and the locker its pre-alert filled in (cleared again if the guide changes).
  const looked = useRef<{ guide: string; filledLocker: string | null }>({ guide: '', filledLocker: null });
  const lookupCount = useRef(0);
  const form = useForm({
    initial: emptyReceipt,
    schema: receiptSchema,
    // The photos are checked once their uploads have ended, below.
    input: (values: ReceiptValues) => receiptBody(values, []),
    otherFields: ['photoIds'],
    ids: receiptFieldId,
    async submit(_data, values): Promise<ReceiptSaved> {
      const settled = await photos.settle();
      if ('error' in settled) throw new ReceiptFailure(settled.error, 'photoIds');
      const body = receiptBody(values, settled.ids);
      const checked = (await receiptSchema()).safeParse(body);
      const issue = checked.error?.issues[0];
      if (issue) throw new ReceiptFailure(issue.message, String(issue.path[0]));
      const result = await registerReceipt(body);
      form.setValues(emptyReceipt);
      setLookup({ status: 'idle' });
      looked.current = { guide: '', filledLocker: null };
      // A lookup still under way (the guide field lost the focus to the button) would now say 'ya fue recibido'.
      lookupCount.current++;
      photos.reset();
      void queryClient.invalidateQueries({ queryKey: warehouseKeys.all });
      guideInput.current?.focus();
      return result;
    },
  });
  const { values, errors } = form;
  const saved = form.result;

  // The checks arrive just after the first paint (receipt-rules.ts).
  useEffect(() => {
    receiptRules().catch(() => {});
  }, []);

  function changeGuide(value: string) {
    form.set('guide', value);
    if (lookup.status !== 'idle' && lookupable(value) !== looked.current.guide) {
      // A new guide: what was found for the old one no longer applies.
      setLookup({ status: 'idle' });
      const filled = looked.current.filledLocker;
      if (filled !== null)
        form.setValues((current) =>
          current.lockerNumber === filled ? { ...current, lockerNumber: '' } : current,
        );
      looked.current = { guide: '', filledLocker: null };
    }
  }

  async function runLookup(raw: string, quiet = false) {
    const guide = lookupable(raw);
    if (!guide) {
      if (quiet) return;
      const text = await receiptRules().then(
        (rules) => rules.receiptMessages.guideRequired,
        () => messages.networkError,
      );
      form.setErrors((current) => ({ ...current, guide: text }));
      return;
    }
    if (guide === looked.current.guide) return;
    looked.current = { guide, filledLocker: null };
    const ticket = ++lookupCount.current;
    form.setResult(undefined);
    form.setErrors((current) => ({ ...current, guide: undefined }));
    setLookup({ status: 'loading', guide });
    try {
      const found = await lookupGuide(guide);
      if (ticket !== lookupCount.current) return;
      setLookup({ status: 'done', lookup: found });
      if (found.alreadyReceived) {
        // The next scan replaces this guide.
        guideInput.current?.select();
      } else if (found.match?.lockerNumber) {
        const locker = found.match.lockerNumber;
        looked.current.filledLocker = locker;
        flushSync(() =>
          form.setValues((current) => ({ ...current, guide: found.guide, lockerNumber: locker })),
        );
        if (!quiet) focus('weightLb');
      } else if (!quiet) {
        focus('lockerNumber');
      }
    } catch (error) {
      if (ticket !== lookupCount.current) return;
      looked.current = { guide: '', filledLocker: null };
      setLookup({ status: 'error', message: errorText(error) });
    }
  }

  const found = lookup.status === 'done' && !lookup.lookup.alreadyReceived ? lookup.lookup : null;
  return (
    <form className="form receive-form" {...form.formProps} aria-label="Registrar un paquete">
      {saved && (
        <Notice tone={saved.identified ? 'success' : 'info'}>
          <p>{saved.message}</p>
          <a className="button button--small" href={paths.label(saved.number)} target="_blank" rel="noopener">
            Imprimir etiqueta
          </a>
        </Notice>
      )}
      <GuideField
        value={values.guide}
        error={errors.guide}
        lookup={lookup}
        inputRef={guideInput}
        onChange={changeGuide}
        onLookup={(guide, quiet) => void runLookup(guide, quiet)}
      />
      <ReceiptFields form={form} expectedLocker={found?.match?.lockerNumber ?? null} />
      <PhotoPicker
        id={receiptFieldId('photoIds')}
        items={photos.items}
        error={errors.photoIds ?? (photos.limitError || undefined)}
        onAdd={photos.add}
        onRemove={photos.remove}
      />
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <SubmitButton busy={form.busy} label="Registrar recepción" busyLabel="Registrando..." />
    </form>
  );
}
