import { describe, expect, it } from 'vitest';
import { isScreenPath, paths, SCREEN_PATTERNS, sampleScreenPath, screenUrl } from './paths.ts';

describe('the screens table', () => {
  it('knows every fixed screen and each pattern with a number of up to nine digits', () => {
    for (const pattern of SCREEN_PATTERNS)
      expect(isScreenPath(sampleScreenPath(pattern)), pattern).toBe(true);
    expect(isScreenPath('/paquetes/100001/')).toBe(true);
    expect(isScreenPath(paths.adminDispatch(3))).toBe(true);
    expect(isScreenPath(paths.adminRoutes)).toBe(true);
    expect(isScreenPath(paths.adminRoute(7))).toBe(true);
    expect(isScreenPath(paths.adminCollections)).toBe(true);
    expect(isScreenPath(paths.receipt(100001))).toBe(true);
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
  });
});
