import { describe, expect, it } from 'vitest';
import { entryPieces } from '../../packages/add-packages.tsx';
import { parsePackageNumbers } from './package-numbers.ts';

describe("a dispatch's 'Agregar paquetes'", () => {
  it('reads numbers as a scanner types them or separated by commas, without repeats', () => {
    expect(parsePackageNumbers('100001\n100002, 100001;100003 ')).toEqual({
      entries: [100001, 100002, 100003],
    });
    expect(entryPieces(' TBA123\n\n1Z999 ,')).toEqual(['TBA123', '1Z999']);
  });

  it('names the first piece that is not a package number, and asks for one when nothing was typed', () => {
    expect(parsePackageNumbers('100001 TBA123 abc')).toEqual({
      problem:
        '«TBA123» no es un número de paquete: escribe solo números, separados por espacios, comas o saltos de línea.',
    });
    expect(parsePackageNumbers(' \n ')).toEqual({
      problem: 'Escribe o escanea al menos un número de paquete.',
    });
  });
});
