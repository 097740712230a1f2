// 'Escanear con la cámara': the rear camera in a <video>, read a few times a second until a guide shows up; then
// the camera is switched off and the guide handed over. 'Cerrar cámara' switches it off without reading.
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../components/notice.tsx';
import { type BarcodeReader, createBarcodeReader, guideFrom } from './barcode-reader.ts';

const SCAN_EVERY_MS = 150;

class ReaderLoadError extends Error {}

/** The camera's or the reader's failure, said in Spanish with what to do instead. */
export function cameraMessage(error: unknown): string {
  if (error instanceof ReaderLoadError)
    return 'No pudimos cargar el lector de códigos de barras. Escribe la guía o usa el lector de mano.';
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'No tenemos permiso para usar la cámara. Permítelo en la configuración del navegador e inténtalo de nuevo.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No encontramos ninguna cámara en este equipo.';
    case 'NotReadableError':
    case 'AbortError':
      return 'La cámara está ocupada por otra aplicación. Ciérrala e inténtalo de nuevo.';
    default:
      return 'No pudimos abrir la cámara. Inténtalo de nuevo o escribe la guía.';
  }
}

function unavailableMessage(): string | null {
  // Undefined outside secure contexts, whatever the DOM types say.
  if (typeof navigator.mediaDevices?.getUserMedia === 'function') return null;
  // Browsers offer the camera only to https pages (and localhost).
  return window.isSecureContext
    ? 'Este navegador no permite usar la cámara. Escribe la guía o usa el lector de mano.'
    : 'La cámara solo funciona en una conexión segura (https). Escribe la guía o usa el lector de mano.';
}

export function CameraScanner(props: { onGuide: (guide: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<'starting' | 'scanning'>('starting');
  const [error, setError] = useState(unavailableMessage);
  // The latest handler, so the camera effect runs once per opening.
  const onGuide = useRef(props.onGuide);
  onGuide.current = props.onGuide;

  useEffect(() => {
    if (unavailableMessage()) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    // The reader (maybe the polyfill's wasm) loads while the person answers the camera permission prompt.
    const reader = createBarcodeReader().catch((cause: unknown) => {
      console.error(cause);
      throw new ReaderLoadError();
    });
    reader.catch(() => {});

    async function open() {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      const element = video.current;
      if (stopped || !element) return stop();
      element.srcObject = stream;
      await element.play();
      const detector = await reader;
      if (stopped) return;
      setPhase('scanning');
      scan(element, detector);
    }

    async function scan(element: HTMLVideoElement, detector: BarcodeReader) {
      if (stopped) return;
      if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        try {
          const guide = guideFrom(await detector.detect(element));
          if (guide && !stopped) {
            stop();
            onGuide.current(guide);
            return;
          }
        } catch {
          // A frame that could not be read (the video resizing, a dropped frame): the next one may be.
        }
      }
      timer = setTimeout(() => void scan(element, detector), SCAN_EVERY_MS);
    }

    open().catch((cause: unknown) => {
      if (stopped) return;
      stop();
      setError(cameraMessage(cause));
    });
    return stop;
  }, []);

  return (
    <section className="camera" aria-label="Cámara">
      {error ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <>
          {/* muted + playsInline: phones play it in the page, without asking. */}
          <video ref={video} className="camera__video" muted playsInline aria-label="Vista de la cámara" />
          <p role="status" className="field__hint">
            {phase === 'starting'
              ? 'Abriendo la cámara...'
              : 'Apunta la cámara al código de barras de la guía y mantenla quieta.'}
          </p>
        </>
      )}
      <button type="button" className="button button--secondary" onClick={props.onClose}>
        Cerrar cámara
      </button>
    </section>
  );
}
