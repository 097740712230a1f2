// A search box that asks the server once the typing pauses, and at once on Enter ('Buscar' screens of packages).
import { type FormEvent, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebounced } from './use-debounced.ts';

export function useSearchBox() {
  const [input, setInput] = useState('');
  const typed = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  // Enter searches at once; otherwise the search follows the typing once it pauses.
  const [submitted, setSubmitted] = useState<string | null>(null);
  return {
    /** What to search for now. */
    q: submitted ?? typed,
    /** The box's value and change: SearchInput's props. */
    box: {
      value: input,
      onValue: (value: string) => {
        setInput(value);
        setSubmitted(null);
      },
    },
    /** The search form's submit. */
    searchNow: (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(input.trim());
    },
  };
}
