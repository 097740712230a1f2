// The package numbers typed or scanned into a dispatch's 'Agregar paquetes'.
/**
 * The numbers in what was typed or scanned (separated by spaces, commas, semicolons or new lines), without
 * repeats; `wrong` holds the first piece that is not a package number.
 */
export function parsePackageNumbers(text: string): { numbers: number[]; wrong: string | null } {
  const pieces = text.split(/[\s,;]+/).filter(Boolean);
  const wrong = pieces.find((piece) => !/^\d{1,9}$/.test(piece)) ?? null;
  const numbers = [...new Set(pieces.filter((piece) => /^\d{1,9}$/.test(piece)).map(Number))];
  return { numbers, wrong };
}
