// A form that asks in the page before it is sent (the question's buttons are ConfirmActions): the first submit asks
// about what was typed and moves the focus to the confirm button; confirming sends the form again, so its checks run
// once more on what is typed now.
import { type RefObject, useRef, useState } from 'react';

export function useAskFirst<A>() {
  /** What the question is about, while it is asked. */
  const [asking, setAsking] = useState<A | null>(null);
  const confirmed = useRef(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return {
    asking,
    confirmRef,
    /** In the form's submit: true once the question was confirmed (send now); otherwise asks about `about`. */
    answered(about: A): boolean {
      if (confirmed.current) {
        confirmed.current = false;
        return true;
      }
      setAsking(about);
      requestAnimationFrame(() => confirmRef.current?.focus());
      return false;
    },
    /** The confirm button: sends the form again, confirmed. */
    confirm(form: { formProps: { ref: RefObject<HTMLFormElement | null> } }) {
      confirmed.current = true;
      form.formProps.ref.current?.requestSubmit();
    },
    /** Takes the question away (cancelled, or stale after a change). */
    cancel: () => setAsking(null),
    /** Done with it: the form was sent, or its request failed. */
    close() {
      confirmed.current = false;
      setAsking(null);
    },
  };
}
