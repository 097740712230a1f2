// The door forms' schemas (zod, ~26 KB gzip) run when a door form first opens, not with the route: the cards and
// forms paint with the choices and labels (door-choices.ts, no zod), and the schemas are ready long before the form
// is confirmed. Run right after the first paint they held the phone 220–320 ms at 4× CPU in one task (issue 37).
// Their files are downloaded with the page all the same, as prefetches (src/server/screen-preloads.ts), and the
// service worker keeps them (vite.config.ts: the courier chunk's dynamic imports), so a form confirmed without signal
// on a first opening checks as before.
import { useEffect } from 'react';
import {
  FAILURE_REASON_LABELS,
  NOVELTY_LABELS,
  PAYMENT_MEANS_LABELS,
  RELATION_LABELS,
} from '../../../shared/delivery/door-choices.ts';
import type { Choice } from '../../components/select-field.tsx';

type DoorForms = typeof import('../../../shared/delivery/door-forms.ts');

let loading: Promise<DoorForms> | null = null;

export function doorRules(): Promise<DoorForms> {
  loading ??= import('../../../shared/delivery/door-forms.ts').catch((error: unknown) => {
    // A failed download is tried again at the next use.
    loading = null;
    throw error;
  });
  return loading;
}

/** For a door form: its schemas start running as it opens; a failure is tried again when it is confirmed. */
export function useDoorRules(): void {
  useEffect(() => {
    doorRules().catch(() => undefined);
  }, []);
}

export const deliverySchema = () => doorRules().then((rules) => rules.deliverySchema);
export const attemptSchema = () => doorRules().then((rules) => rules.attemptSchema);

/** A choice's labels as the <select>'s options, after an empty 'Elige…' when nothing is chosen at first. */
function choices(labels: Record<string, string>, placeholder?: string): Choice[] {
  const options = Object.entries(labels).map(([value, label]) => ({ value, label }));
  return placeholder === undefined ? options : [{ value: '', label: placeholder }, ...options];
}

export const RELATION_CHOICES = choices(RELATION_LABELS, 'Elige…');
export const PAYMENT_MEANS_CHOICES = choices(PAYMENT_MEANS_LABELS, 'Elige…');
export const NOVELTY_CHOICES = choices(NOVELTY_LABELS);
export const FAILURE_REASON_CHOICES = choices(FAILURE_REASON_LABELS, 'Elige…');
