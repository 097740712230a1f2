// 'Completar' a request at the warehouse: a consolidation's packages scanned one by one (each ticked; another
// request's or customer's refused, saying what it is), then the new box weighed and measured and 'Registrar
// consolidado' ('Imprimir etiqueta' after); a repack's new boxes, each with its photos; photos; a return's
// 'Transportadora' and guide.
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { type QueuedRequest, queueStep, scanForRequest } from '../../requests/api.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { type PhotoOutcome, usePhotoUploads } from './use-photo-uploads.ts';

type BoxValues = { weightLb: string; lengthIn: string; widthIn: string; heightIn: string };
const EMPTY_BOX: BoxValues = { weightLb: '', lengthIn: '', widthIn: '', heightIn: '' };
const BOX_LABELS: Array<[keyof BoxValues, string]> = [
  ['weightLb', 'Peso (lb)'],
  ['lengthIn', 'Largo (in)'],
  ['widthIn', 'Ancho (in)'],
  ['heightIn', 'Alto (in)'],
];

function BoxFields(props: { prefix: string; value: BoxValues; onValue: (value: BoxValues) => void }) {
  return (
    <div className="rates-form__grid">
      {BOX_LABELS.map(([key, label]) => (
        <Field
          key={key}
          id={`${props.prefix}-${key}`}
          label={label}
          inputMode="decimal"
          value={props.value[key]}
          onValue={(text) => props.onValue({ ...props.value, [key]: text })}
        />
      ))}
    </div>
  );
}

function Scanner({
  request,
  scanned,
  onScanned,
}: {
  request: QueuedRequest;
  scanned: number[];
  onScanned: (n: number) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  async function scan(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      onScanned((await scanForRequest(request.id, code)).number);
      setCode('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.serverError);
    }
  }
  return (
    <form onSubmit={(event) => void scan(event)}>
      <Field
        id={`scan-${request.id}`}
        label="Escanear paquete"
        value={code}
        error={error}
        onValue={setCode}
        autoComplete="off"
      />
      <ul>
        {request.packages.map((pkg) => (
          <li key={pkg.number}>
            {scanned.includes(pkg.number) ? '✓' : '○'} Paquete {pkg.number}
            {scanned.includes(pkg.number) ? ' (escaneado)' : ''}
          </li>
        ))}
      </ul>
    </form>
  );
}

type Settle = () => Promise<PhotoOutcome>;

/** A repacked package's new box: weight, measures and its own photos (uploaded as soon as they are chosen). */
function RepackBox(props: {
  id: string;
  number: number;
  value: BoxValues;
  onValue: (value: BoxValues) => void;
  settlers: Map<number, Settle>;
  onBusy: (number: number, busy: boolean) => void;
}) {
  const { number, settlers, onBusy } = props;
  const photos = usePhotoUploads();
  useEffect(() => {
    settlers.set(number, photos.settle);
    return () => void settlers.delete(number);
  }, [settlers, number, photos.settle]);
  useEffect(() => onBusy(number, photos.busy), [onBusy, number, photos.busy]);
  return (
    <fieldset>
      <legend>Paquete {number}</legend>
      <BoxFields prefix={props.id} value={props.value} onValue={props.onValue} />
      <PhotoPicker
        id={`${props.id}-photos`}
        items={photos.items}
        error={photos.limitError || undefined}
        onAdd={photos.add}
        onRemove={photos.remove}
      />
    </fieldset>
  );
}

/** Each repacked box's staged photo ids, or the first box's reason it cannot go yet. */
async function settleBoxes(settlers: Map<number, Settle>) {
  const photoIds = new Map<number, string[]>();
  for (const [number, settle] of settlers) {
    const staged = await settle();
    if ('error' in staged) return staged;
    photoIds.set(number, staged.ids);
  }
  return { photoIds };
}

export function RequestComplete({
  request,
  onDone,
}: {
  request: QueuedRequest;
  /** What the server said, and the new package of a consolidation (the queue offers its label). */
  onDone: (message: string, newPackage: number | null) => void;
}) {
  const [scanned, setScanned] = useState<number[]>([]);
  const [box, setBox] = useState<BoxValues>(EMPTY_BOX);
  const [boxes, setBoxes] = useState<Record<number, BoxValues>>({});
  const [carrier, setCarrier] = useState('');
  const [carrierGuide, setCarrierGuide] = useState('');
  const [error, setError] = useState('');
  const photos = usePhotoUploads();
  const withPhotos = request.kind === 'consolidar' || request.kind === 'fotos';
  const [settlers] = useState(() => new Map<number, Settle>());
  const [busyBoxes, setBusyBoxes] = useState<ReadonlySet<number>>(new Set());
  const onBoxBusy = useCallback((number: number, busy: boolean) => {
    setBusyBoxes((all) => {
      if (all.has(number) === busy) return all;
      const next = new Set(all);
      if (busy) next.add(number);
      else next.delete(number);
      return next;
    });
  }, []);

  async function complete() {
    setError('');
    const staged = await photos.settle();
    if ('error' in staged) return setError(staged.error);
    const repacked = await settleBoxes(settlers);
    if ('error' in repacked) return setError(repacked.error);
    const body =
      request.kind === 'consolidar'
        ? { scanned: scanned.map(String), box: { ...box, photoIds: staged.ids } }
        : request.kind === 'fotos'
          ? { photoIds: staged.ids }
          : request.kind === 'reempacar'
            ? {
                boxes: request.packages.map((pkg) => ({
                  number: pkg.number,
                  ...(boxes[pkg.number] ?? EMPTY_BOX),
                  photoIds: repacked.photoIds.get(pkg.number) ?? [],
                })),
              }
            : { carrier, carrierGuide };
    try {
      const done = await queueStep(request.id, 'complete', body);
      onDone(done.message, done.newPackage);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.serverError);
    }
  }

  const label = {
    consolidar: 'Registrar consolidado',
    reempacar: 'Registrar reempaque',
    fotos: 'Registrar fotos',
    devolver: 'Registrar devolución',
  }[request.kind];
  return (
    <div className="confirm">
      {request.kind === 'consolidar' && (
        <>
          <Scanner
            request={request}
            scanned={scanned}
            onScanned={(n) => setScanned((all) => (all.includes(n) ? all : [...all, n]))}
          />
          <h3>Nueva caja</h3>
          <BoxFields prefix={`box-${request.id}`} value={box} onValue={setBox} />
        </>
      )}
      {request.kind === 'reempacar' &&
        request.packages.map((pkg) => (
          <RepackBox
            key={pkg.number}
            id={`box-${request.id}-${pkg.number}`}
            number={pkg.number}
            value={boxes[pkg.number] ?? EMPTY_BOX}
            onValue={(value) => setBoxes((all) => ({ ...all, [pkg.number]: value }))}
            settlers={settlers}
            onBusy={onBoxBusy}
          />
        ))}
      {request.kind === 'devolver' && (
        <>
          <Field id={`carrier-${request.id}`} label="Transportadora" value={carrier} onValue={setCarrier} />
          <Field
            id={`guide-${request.id}`}
            label="Guía de devolución"
            value={carrierGuide}
            onValue={setCarrierGuide}
          />
        </>
      )}
      {withPhotos && (
        <PhotoPicker
          id={`request-photos-${request.id}`}
          items={photos.items}
          error={photos.limitError || undefined}
          onAdd={photos.add}
          onRemove={photos.remove}
        />
      )}
      {error && <Notice tone="error">{error}</Notice>}
      <button
        type="button"
        className="button"
        disabled={photos.busy || busyBoxes.size > 0}
        onClick={() => void complete()}
      >
        {label}
      </button>
    </div>
  );
}
