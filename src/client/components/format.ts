// Numbers written the Colombian way for the packages screens ('2,5'); dates come from src/shared/dates.ts.

const numberFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
