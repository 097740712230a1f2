// The count under 'Lista de Casilleros': '1 usuario', '37 usuarios', 'más de 1.000 usuarios' when capped.
import type { Shown } from './use-locker-list.ts';

export function usersCount(shown: Shown): string {
  if (shown.totalIsCapped) return `más de ${shown.total.toLocaleString('es-CO')} usuarios`;
  return shown.total === 1 ? '1 usuario' : `${shown.total.toLocaleString('es-CO')} usuarios`;
}
