// The package numbers typed or scanned into a dispatch's 'Agregar paquetes'.
import { entryPieces, type ParsedEntries } from '../../packages/add-packages.tsx';

/**
 * The numbers in what was typed or scanned (separated by spaces, commas, semicolons or new lines), without
 * repeats, or what is wrong: nothing typed, or the first piece that is not a package number.
 */
export function parsePackageNumbers(text: string): ParsedEntries<number> {
  const pieces = entryPieces(text);
  const wrong = pieces.find((piece) => !/^\d{1,9}$/.test(piece));
  if (wrong !== undefined)
    return {
      problem: `«${wrong}» no es un número de paquete: escribe solo números, separados por espacios, comas o saltos de línea.`,
    };
  if (pieces.length === 0) return { problem: 'Escribe o escanea al menos un número de paquete.' };
  return { entries: [...new Set(pieces.map(Number))] };
}
