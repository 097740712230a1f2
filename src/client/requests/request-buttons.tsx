// The 'Solicitudes' a customer may ask for the packages chosen, as buttons: shown at once on a package's page and on
// /paquetes, while the form each opens (request-form.tsx, with its fee and zod checks) loads when one is chosen.
import { type ComponentProps, lazy, Suspense } from 'react';
import { messages } from '../../shared/messages.ts';
import { REQUEST_LABELS, type RequestKind } from '../../shared/requests/kinds.ts';

const LoadedForm = lazy(() =>
  import('./request-form.tsx').then((module) => ({ default: module.RequestForm })),
);

/** The chosen request's form, loaded when first opened (its fee and checks read zod). */
export function RequestForm(props: ComponentProps<typeof LoadedForm>) {
  return (
    <Suspense fallback={<p role="status">{messages.loading}</p>}>
      <LoadedForm {...props} />
    </Suspense>
  );
}

/** The request buttons for `count` packages: consolidation needs two or more. */
export function RequestButtons(props: { count: number; onChoose: (kind: RequestKind) => void }) {
  const kinds: RequestKind[] =
    props.count >= 2 ? ['consolidar', 'reempacar', 'fotos', 'devolver'] : ['reempacar', 'fotos', 'devolver'];
  return (
    <div className="actions">
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          className="button button--secondary"
          onClick={() => props.onChoose(kind)}
        >
          {REQUEST_LABELS[kind]}
        </button>
      ))}
    </div>
  );
}
