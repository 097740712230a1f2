// The door forms' schemas (zod, ~26 KB gzip) load right after the route's first paint rather than in it: the cards
// and forms paint with the choices and labels (door-choices.ts, no zod), and the schemas are here long before a
// delivery is confirmed. The service worker keeps the lazy file too (vite.config.ts: the courier chunk's dynamic
// imports), so a form confirmed without signal checks as before.
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
