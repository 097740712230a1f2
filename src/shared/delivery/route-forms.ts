// 'Rutas de reparto' (design/delivery.md 'Routes'): a route's states and their labels, the staff's forms (a new route,
// the packages to add, a stop's move) with their Spanish messages, one schema for the browser and the server.
import { z } from 'zod';
import { requiredText } from '../schemas.ts';

export const ROUTE_STATES = ['en_preparacion', 'en_curso', 'cerrada'] as const;
export type RouteState = (typeof ROUTE_STATES)[number];

export const ROUTE_STATE_LABELS: Record<RouteState, string> = {
  en_preparacion: 'En preparación',
  en_curso: 'En curso',
  cerrada: 'Cerrada',
};

/** The most packages one 'Agregar' takes (a scanner's batch, or a pasted list). */
export const MAX_ROUTE_ADD = 500;

export const deliveryMessages = {
  date: 'Escribe la fecha de la ruta, por ejemplo 2026-12-01.',
  courier: 'Elige el mensajero.',
  packages: `Escribe o escanea entre 1 y ${MAX_ROUTE_ADD} números de paquete o guías.`,
  direction: 'Elige subir o bajar la parada.',
  routeNotFound: 'No encontramos esa ruta.',
  notCourier: 'Esa persona no es mensajero: dale el rol Mensajero en la lista de casilleros.',
  notInPreparation: (label: string) =>
    `La ruta está «${label}»: ya no se le pueden agregar, quitar ni ordenar paradas.`,
  notStartable: (label: string) => `La ruta está «${label}»: solo se inicia una ruta en preparación.`,
  emptyRoute: 'La ruta no tiene paradas: agrega paquetes antes de iniciarla.',
  unknownPackages: (entries: string[]) =>
    `No encontramos ningún paquete con ${entries.length === 1 ? 'el número o la guía' : 'los números o guías'} ${entries.map((entry) => `«${entry}»`).join(', ')}.`,
  notInWarehouse: (number: number, label: string) =>
    `El paquete ${number} está en «${label}»: solo salen a reparto paquetes en «En bodega Colombia».`,
  inOtherRoute: (number: number, route: { id: number; zone: string; courierName: string }) =>
    `El paquete ${number} ya está en la ruta ${route.id} (${route.zone}, ${route.courierName}).`,
  stopNotFound: 'Ese paquete no está en la ruta.',
  addedElsewhere:
    'Alguien acaba de agregar uno de esos paquetes a otra ruta: vuelve a intentarlo para ver cuál.',
  created: (id: number) => `Ruta ${id} creada.`,
  added: (count: number) =>
    count === 1 ? '1 paquete agregado a la ruta.' : `${count} paquetes agregados a la ruta.`,
  removed: (number: number) => `Paquete ${number} quitado de la ruta.`,
  moved: 'Parada movida.',
  started: (id: number, count: number) =>
    `Ruta ${id} iniciada: ${count === 1 ? '1 paquete salió' : `${count} paquetes salieron`} a reparto.`,
  notClosable: (label: string) => `La ruta está «${label}»: solo se cierra una ruta en curso.`,
  closed: (id: number, back: number) =>
    `Ruta ${id} cerrada: ${back === 1 ? '1 paquete volvió' : `${back} paquetes volvieron`} a «En bodega Colombia».`,
  backWithAttempt: (attempt: number, max: number, reason: string) =>
    `Vuelve a bodega: intento ${attempt} de ${max} (${reason})`,
  backWithoutAttempt: 'Vuelve a bodega sin intento',
} as const;

/** 'Nueva ruta': 'Fecha', 'Mensajero' (a users id with role reparto), 'Zona'. */
/** A route's calendar day, 'YYYY-MM-DD', that exists ('2026-02-31' does not). */
export const routeDaySchema = z.iso.date({ error: deliveryMessages.date });

export const newRouteSchema = z.object({
  date: routeDaySchema,
  courierId: z.string({ error: deliveryMessages.courier }).trim().min(1, deliveryMessages.courier).max(100),
  zone: requiredText('Zona', 100),
});
export type NewRoute = z.infer<typeof newRouteSchema>;

/** What was scanned or typed: package numbers or guides, as written. */
export const routePackagesSchema = z.object({
  packages: z
    .array(z.string().trim().min(1).max(60), { error: deliveryMessages.packages })
    .min(1, deliveryMessages.packages)
    .max(MAX_ROUTE_ADD, deliveryMessages.packages),
});

export const stopMoveSchema = z.object({
  direction: z.enum(['up', 'down'], { error: deliveryMessages.direction }),
});
