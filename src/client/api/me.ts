// The signed-in customer's users record (GET /api/me) and signing out.
import { useEffect, useState } from 'react';
import { messages } from '../../shared/messages.ts';
import { api, RequestError } from './request.ts';

export interface Me {
  id: string;
  name: string;
  registeredName: string;
  email: string;
  emailVerified: boolean;
  cedula: string;
  telefono: string;
  direccion1: string;
  ciudad1: string;
  codigoPostal1: string;
  direccion2: string;
  ciudad2: string;
  codigoPostal2: string;
  lockerNumber: string;
  officeAddress: string;
  refCode: string;
  referredBy: string;
  aceptoPolitica: boolean;
  fechaAceptoPolitica: string;
  createdAt: string;
  role: string;
}

export type MeState =
  | { status: 'loading' }
  | { status: 'ready'; me: Me }
  | { status: 'missing' }
  | { status: 'error'; message: string };

/** Loads the record once; a 401 sends the person to /login (request.ts). */
export function useMe(): MeState {
  const [state, setState] = useState<MeState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<Me>('/api/me', { signal: controller.signal })
      .then((me) => setState({ status: 'ready', me }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof RequestError && error.code === 'user_not_found') {
          // SPEC.md §8: a missing record is reported on the console with this text.
          console.warn(messages.documentNotFound);
          setState({ status: 'missing' });
        } else if (error instanceof RequestError && error.status !== 401) {
          console.error(error.message);
          setState({ status: 'error', message: error.message });
        }
      });
    return () => controller.abort();
  }, []);
  return state;
}

export async function signOut(): Promise<void> {
  await api.post('/api/logout', {}, { allowUnauthenticated: true }).catch(() => {});
  window.location.assign('/login');
}
