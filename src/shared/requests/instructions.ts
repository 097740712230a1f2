// 'Esperar mis instrucciones' (design/requests.md): a switch in 'Mis datos'; while on, the customer's packages received
// in Miami wait for their 'Despachar' instead of going out in the next dispatch.
import { z } from 'zod';

export const instructionMessages = {
  on: 'Tus paquetes recibidos en Miami esperarán tu orden «Despachar».',
  off: 'Tus paquetes saldrán en el próximo despacho.',
  released: (count: number) =>
    count === 1
      ? '1 paquete listo para el próximo despacho.'
      : `${count} paquetes listos para el próximo despacho.`,
  notWaiting: (number: number) => `El paquete ${number} no está esperando tus instrucciones.`,
  waiting: (number: number) =>
    `El paquete ${number} está «Esperando instrucciones» de su cliente: no sale hasta que el cliente lo despache.`,
} as const;

export const instructionsSchema = z.object({ wait: z.boolean({ error: 'Elige sí o no.' }) });

export const releaseSchema = z.object({
  numbers: z
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .min(1, 'Elige al menos un paquete.')
    .max(100, 'Elige hasta 100 paquetes.'),
});

/** GET/PUT /api/me/instructions */
export interface InstructionsChoice {
  wait: boolean;
  message: string;
}

/** POST /api/packages/release */
export interface Released {
  numbers: number[];
  message: string;
}
