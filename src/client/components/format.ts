// Numbers written the Colombian way for the packages screens ('2,5'); dates come from src/shared/dates.ts.

/** Built at the first number written, not when a screen's chunk loads (an Intl format's first build is slow). */
let numberFormat: Intl.NumberFormat | undefined;

export function formatNumber(value: number): string {
  numberFormat ??= new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });
  return numberFormat.format(value);
}
