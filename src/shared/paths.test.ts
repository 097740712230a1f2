import { describe, expect, it } from 'vitest';
import { isScreenPath, paths, SCREEN_PATTERNS, sampleScreenPath, screenUrl } from './paths.ts';

describe('the screens table', () => {
  it('knows every fixed screen and each pattern with its sample parameter', () => {
    for (const pattern of SCREEN_PATTERNS)
      expect(isScreenPath(sampleScreenPath(pattern)), pattern).toBe(true);
    expect(isScreenPath('/paquetes/100001/')).toBe(true);
    expect(isScreenPath(paths.adminDispatch(3))).toBe(true);
    expect(isScreenPath(paths.adminRoutes)).toBe(true);
    expect(isScreenPath(paths.adminRoute(7))).toBe(true);
    expect(isScreenPath(paths.adminCollections)).toBe(true);
    expect(isScreenPath(paths.receipt(100001))).toBe(true);
  });

  it('takes a radicado (letters, digits and inner dashes, up to 40) where a PQR is named, and only there', () => {
    for (const radicado of ['PQR-2026-000123', 'pqr-2026-7', 'CUN1234567890', 'A', 'A'.repeat(40)]) {
      expect(isScreenPath(paths.pqrDetail(radicado)), radicado).toBe(true);
      expect(isScreenPath(paths.adminPqrDetail(radicado)), radicado).toBe(true);
    }
    expect(isScreenPath('/pqr/PQR-2026-000123/')).toBe(true);
    for (const path of [
      '/pqr/-PQR-1',
      '/pqr/PQR-1-',
      `/pqr/${'A'.repeat(41)}`,
      '/pqr/PQR 1',
      '/pqr/PQR_1',
      '/pqr/PQR-1/x',
      '/pqr/..',
      '/pqr/%2e%2e',
      '/admin/pqr/PQR.1',
      // Other parameters stay numbers.
      '/paquetes/PQR-1',
      '/admin/despachos/PQR-1',
    ])
      expect(isScreenPath(path), path).toBe(false);
  });

  it('refuses what is not a screen', () => {
    for (const path of [
      '/paquetes/abc',
      '/paquetes/1234567890',
      '/etiqueta/',
      '/admin/nada',
      '/admin/reparto/siete',
      '/paquetes/100001/recibo',
      '/paquetes/abc/comprobante',
      '/lockers',
      '/api',
    ])
      expect(isScreenPath(path), path).toBe(false);
  });

  it('builds mailed links from the app URL, with the query encoded', () => {
    expect(screenUrl('https://casillero.co/', paths.verifyEmail, { token: 'a b&c' })).toBe(
      'https://casillero.co/verificar-correo?token=a+b%26c',
    );
    expect(screenUrl('https://casillero.co', paths.packageDetail(100001))).toBe(
      'https://casillero.co/paquetes/100001',
    );
    expect(screenUrl('https://casillero.co', paths.pqrDetail('PQR-2026-000123'))).toBe(
      'https://casillero.co/pqr/PQR-2026-000123',
    );
  });
});
