// A small router for our flat list of screens (History API; screens made with React.lazy load on first visit),
// in place of react-router: it keeps ~30 KB of gzip out of the first paint, which counts on slow mobile networks.
import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  /** What the page that navigated here passed along (e.g. a notice to show). */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

const RouterContext = createContext<{ location: Location; navigate: Navigate } | null>(null);

function currentLocation(): Location {
  return { pathname: window.location.pathname, search: window.location.search, state: window.history.state };
}

/** Shows the screen of the current path, or `notFound`; `fallback` while a screen's code arrives. */
export function Router(props: {
  screens: Record<string, ComponentType>;
  notFound: ComponentType;
  fallback: ReactNode;
}) {
  const [location, setLocation] = useState(currentLocation);
  const firstRender = useRef(true);

  useEffect(() => {
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<Navigate>((to, options = {}) => {
    const state = options.state ?? null;
    if (options.replace) window.history.replaceState(state, '', to);
    else window.history.pushState(state, '', to);
    setLocation(currentLocation());
    window.scrollTo(0, 0);
  }, []);

  // After a navigation, move focus to the new screen so screen readers announce it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const main = document.querySelector<HTMLElement>('main');
    if (main) {
      main.tabIndex = -1;
      main.focus({ preventScroll: true });
    }
  }, [location]);

  const Screen = props.screens[location.pathname.replace(/(.)\/+$/, '$1')] ?? props.notFound;
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return (
    <RouterContext.Provider value={value}>
      <Suspense fallback={props.fallback}>
        <Screen />
      </Suspense>
    </RouterContext.Provider>
  );
}

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter outside <Router>');
  return router;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useRouter().location;
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** An <a> that navigates inside the app; a new tab or a modified click behaves as a plain link. */
export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { navigate } = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (event.defaultPrevented || modified || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={handleClick} {...rest} />;
}
