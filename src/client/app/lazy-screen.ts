// A screen whose code loads when it is first opened (React.lazy), and which can be asked for ahead: main.tsx loads the
// screen the page opens on before its first render, so React draws the screen itself at once. Drawn through
// React.lazy instead, the first render shows the fallback, and React 19 then holds the screen back until 300 ms after
// the fallback appeared (its reveal throttle), and Lighthouse's Largest Contentful Paint with it (issue 37). Meanwhile
// index.html's own 'Cargando datos...' is the first paint, with nothing but the page and its stylesheet before it.
import { type ComponentType, lazy as reactLazy } from 'react';

type Module = { default: ComponentType };

const loaders = new WeakMap<ComponentType, () => Promise<Module>>();

/** React.lazy, its loader kept for `firstScreenLoaded`. */
export function lazy(load: () => Promise<Module>): ComponentType {
  const screen = reactLazy(load);
  loaders.set(screen, load);
  return screen;
}

/** Whether `path` is one `pattern` names (`/paquetes/:number` holds any one segment where `:number` stands). */
function matches(pattern: string, path: string): boolean {
  const expression = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-zA-Z]+/g, '[^/]+');
  return new RegExp(`^${expression}/?$`).test(path);
}

/**
 * The screens, with the one `path` opens on loaded: its component itself in place of its lazy one. When its code
 * cannot be loaded now (no signal), the screens as they were: the lazy one shows its fallback and tries again.
 */
export async function firstScreenLoaded<Screens extends Record<string, ComponentType>>(
  screens: Screens,
  path: string,
): Promise<Screens> {
  const first = Object.entries(screens).find(([pattern]) => matches(pattern, path));
  const load = first && loaders.get(first[1]);
  if (!first || !load) return screens;
  try {
    return { ...screens, [first[0]]: (await load()).default };
  } catch {
    return screens;
  }
}
