import { describe, expect, it } from 'vitest';
import { firstScreenLoaded, lazy } from './lazy-screen.ts';

const Welcome = () => null;
const Package = () => null;
const Packages = () => null;

describe('the screen a page opens on, loaded before the first render', () => {
  const screens = {
    '/': Welcome,
    '/paquetes': lazy(async () => ({ default: Packages })),
    '/paquetes/:number': lazy(async () => ({ default: Package })),
  };

  it("puts the opened screen's component in place of its lazy one, the others as they were", async () => {
    const loaded = await firstScreenLoaded(screens, '/paquetes/100030');
    expect(loaded['/paquetes/:number']).toBe(Package);
    expect(loaded['/paquetes']).toBe(screens['/paquetes']);
    expect((await firstScreenLoaded(screens, '/paquetes'))['/paquetes']).toBe(Packages);
    expect((await firstScreenLoaded(screens, '/paquetes/'))['/paquetes']).toBe(Packages);
  });

  it('leaves them all as they were for a screen in the first bundle, an unknown path or a load that fails', async () => {
    expect(await firstScreenLoaded(screens, '/')).toBe(screens);
    expect(await firstScreenLoaded(screens, '/paquetes/1/otra')).toBe(screens);
    const offline = { '/mis-datos': lazy(() => Promise.reject(new TypeError('Failed to fetch'))) };
    expect(await firstScreenLoaded(offline, '/mis-datos')).toBe(offline);
  });
});
