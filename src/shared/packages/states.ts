// The package's states (design/packages.md 'The package and its states'): their labels, who may set them, which moves
// are allowed and which moves mail the customer. The server refuses any other move; the screens read the same table.

export const PACKAGE_STATES = [
  'prealertado',
  'sin_identificar',
  'recibido',
  'retenido',
  'en_transito',
  'en_aduana',
  'en_bodega_colombia',
  'en_reparto',
  'entregado',
  'devuelto',
  'cancelado',
  // Opened and packed with others into a new package by a consolidation request (design/requests.md): final.
  'consolidado',
] as const;

export type PackageState = (typeof PACKAGE_STATES)[number];

export const STATE_LABELS: Record<PackageState, string> = {
  prealertado: 'Prealertado',
  sin_identificar: 'Sin identificar',
  recibido: 'Recibido en Miami',
  retenido: 'Retenido',
  en_transito: 'En tránsito',
  en_aduana: 'En aduana',
  en_bodega_colombia: 'En bodega Colombia',
  en_reparto: 'En reparto',
  entregado: 'Entregado',
  devuelto: 'Devuelto',
  cancelado: 'Cancelado',
  consolidado: 'Consolidado',
};

/** The states from `first` to `last` along PACKAGE_STATES, both included. */
export const statesFrom = (first: PackageState, last: PackageState): PackageState[] =>
  PACKAGE_STATES.slice(PACKAGE_STATES.indexOf(first), PACKAGE_STATES.indexOf(last) + 1);

/** Moves into these states queue a mail to the customer in the same transaction. */
const MAILS_CUSTOMER: ReadonlySet<PackageState> = new Set([
  'recibido',
  'retenido',
  'en_transito',
  'en_reparto',
  'entregado',
  'devuelto',
]);

/** No move leaves these, except an admin's audited correction. */
export const FINAL_STATES: ReadonlySet<PackageState> = new Set([
  'entregado',
  'devuelto',
  'cancelado',
  'consolidado',
]);

/** 'Sin identificar' is the warehouse's business: a customer never sees it in their counts. */
export const STAFF_ONLY_STATES: ReadonlySet<PackageState> = new Set(['sin_identificar']);

/** The forward moves, along the table; 'Retenido' and its release are handled apart (see allowedMove). */
const FORWARD: Record<PackageState, readonly PackageState[]> = {
  prealertado: ['recibido', 'sin_identificar', 'cancelado'],
  sin_identificar: ['recibido'],
  recibido: ['en_transito', 'devuelto'],
  retenido: [],
  en_transito: ['en_aduana', 'en_bodega_colombia', 'devuelto'],
  en_aduana: ['en_bodega_colombia', 'devuelto'],
  en_bodega_colombia: ['en_reparto', 'devuelto'],
  // A route closed with the package undelivered brings it back to the warehouse ('Cerrar ruta').
  en_reparto: ['entregado', 'en_bodega_colombia', 'devuelto'],
  entregado: [],
  devuelto: [],
  cancelado: [],
  consolidado: [],
};

export function isPackageState(value: unknown): value is PackageState {
  return typeof value === 'string' && PACKAGE_STATES.some((state) => state === value);
}

export function stateLabel(state: PackageState): string {
  return STATE_LABELS[state];
}

/** The state whose code or label (any case, accents as written) is `text`; null when none. */
export function stateFromText(text: string): PackageState | null {
  const wanted = text.trim().toLowerCase();
  if (isPackageState(wanted)) return wanted;
  return PACKAGE_STATES.find((state) => STATE_LABELS[state].toLowerCase() === wanted) ?? null;
}

export function mailsCustomer(to: PackageState): boolean {
  return MAILS_CUSTOMER.has(to);
}

export interface MoveContext {
  /** For a package on hold: the state it was held in, where releasing it returns. */
  heldFrom?: PackageState | null;
  /** A courier's delivery made before its route's close and synced after it: the close had brought the package
   * back to 'En bodega Colombia', and it was delivered all the same. */
  lateDoorDelivery?: boolean;
  /** The warehouse completing a consolidation ('Registrar consolidado'): the one way into 'Consolidado'. */
  consolidation?: boolean;
}

/**
 * Null when `from → to` is allowed, else the Spanish reason. 'Retenido' comes from any state before 'Entregado'
 * (not from a pre-alert, which is not with us yet); releasing a hold returns to the state it came from, and a
 * held package may also be returned to the sender.
 */
export function moveProblem(from: PackageState, to: PackageState, context: MoveContext = {}): string | null {
  if (from === to) return `El paquete ya está en «${STATE_LABELS[to]}».`;
  if (context.lateDoorDelivery && from === 'en_bodega_colombia' && to === 'entregado') return null;
  if (to === 'consolidado')
    return context.consolidation && from === 'recibido'
      ? null
      : 'Solo la bodega, al completar una solicitud de consolidación, deja un paquete en «Consolidado».';
  if (FINAL_STATES.has(from))
    return `El paquete está en «${STATE_LABELS[from]}», que es un estado final: no puede pasar a «${STATE_LABELS[to]}».`;
  if (to === 'retenido') {
    if (from === 'prealertado')
      return 'Un paquete prealertado aún no está con nosotros: no se puede retener.';
    return null;
  }
  if (from === 'retenido') {
    if (to === 'devuelto' || to === context.heldFrom) return null;
    const back = context.heldFrom ? `«${STATE_LABELS[context.heldFrom]}»` : 'el estado en que se retuvo';
    return `Un paquete retenido solo puede volver a ${back} o pasar a «Devuelto».`;
  }
  if (FORWARD[from].includes(to)) return null;
  return `Un paquete en «${STATE_LABELS[from]}» no puede pasar a «${STATE_LABELS[to]}».`;
}

/** Every state `from` may move to (for menus); a hold's release depends on where it was held. */
export function nextStates(from: PackageState, context: MoveContext = {}): PackageState[] {
  return PACKAGE_STATES.filter((to) => moveProblem(from, to, context) === null);
}

/** A pre-alert is the customer's to edit, attach an invoice to, or cancel, only until the warehouse has it. */
export function customerMayEdit(state: PackageState): boolean {
  return state === 'prealertado';
}

/** Packages in these states are with us or on their way: the account cannot be deleted while one is. */
export function isActive(state: PackageState): boolean {
  return !FINAL_STATES.has(state);
}
