// A button that copies text and confirms in place ('Copiado' for a moment) and through the page's live region.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { copyText } from './clipboard.ts';
import { announce } from './live-announcer.tsx';

const SHOWN_MS = 2000;
const FAILED = 'No se pudo copiar. Selecciona el texto y cópialo a mano.';

/** Both labels share one grid cell, the unused one hidden (lockers/locker/locker.css), so the button keeps its size. */
export function CopyButton({
  text,
  announcement,
  className,
  children,
  fieldLabel,
  afterCopy,
}: {
  text: string;
  /** What screen readers hear once it is copied, e.g. 'Dirección copiada. …'. */
  announcement: string;
  className: string;
  children: ReactNode;
  /** For one of many 'Copiar' buttons: its name becomes 'Copiar: {fieldLabel}' ('Copiado: …' once copied). */
  fieldLabel?: string;
  /** Runs after the attempt, copied or not (the invitation also opens the share sheet). */
  afterCopy?: () => void;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const copied = await copyText(text);
    setState(copied ? 'copied' : 'failed');
    announce(copied ? announcement : FAILED);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), SHOWN_MS);
    afterCopy?.();
  }

  const done = state === 'failed' ? 'No se pudo copiar' : 'Copiado';
  return (
    <button
      type="button"
      className={`${className} copy-button`}
      data-state={state}
      aria-label={fieldLabel && `${state === 'idle' ? 'Copiar' : done}: ${fieldLabel}`}
      onClick={() => void copy()}
    >
      <span className="copy-button__idle">{children}</span>
      <span className="copy-button__done">
        {state !== 'failed' && (
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M2 8.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" />
          </svg>
        )}
        {done}
      </span>
    </button>
  );
}
