// The app's router: a thin adapter over wouter (about 2 KB gzip, so the first paint stays small) that keeps the
// API the screens were written against (Router, useNavigate, useLocation with history state, useSearchParams,
// Link) and adds route parameters (`/paquetes/:number`, read with useParams).
import {
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import {
  type AroundNavHandler,
  Route,
  Switch,
  useRouter,
  useLocation as useWouterLocation,
  useParams as useWouterParams,
  Link as WouterLink,
  Router as WouterRouter,
} from 'wouter';
import { useHistoryState, useLocationProperty } from 'wouter/use-browser-location';

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

// The raw query string: wouter's useSearch decodes it once more, which would turn a `%25` inside a token into `%`.
// On the server (a drawn screen's first paint) the search is the one its <Router ssrPath> was given.
const currentSearch = () => window.location.search;
function useRawSearch() {
  const { ssrSearch } = useRouter();
  return useLocationProperty(currentSearch, ssrSearch != null ? () => ssrSearch : currentSearch);
}

/** A new screen starts at its top, as a page load would; going back keeps the browser's own scroll. */
const scrollToTopAfter: AroundNavHandler = (navigate, to, options) => {
  navigate(to, options);
  window.scrollTo(0, 0);
};

/**
 * Shows the screen whose pattern matches the path (`/paquetes/:number` style), or `notFound`; `fallback` while a
 * screen's code arrives.
 */
export function Router(props: {
  screens: Record<string, ComponentType>;
  notFound: ComponentType;
  fallback: ReactNode;
}) {
  // Survives the Suspense fallback, so only the very first screen keeps the browser's own focus.
  const arrived = useRef(false);
  return (
    <WouterRouter aroundNav={scrollToTopAfter}>
      <Suspense fallback={props.fallback}>
        <FocusOnArrival arrived={arrived} />
        <Switch>
          {Object.entries(props.screens).map(([pattern, Screen]) => (
            <Route key={pattern} path={pattern} component={Screen} />
          ))}
          <Route component={props.notFound} />
        </Switch>
      </Suspense>
    </WouterRouter>
  );
}

/**
 * After a navigation, moves focus to the new screen's <main> so screen readers announce it. It sits inside the
 * Suspense boundary, so its effect runs once the screen itself is on the page, not while the fallback shows.
 */
function FocusOnArrival({ arrived }: { arrived: { current: boolean } }) {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useEffect(() => {
    if (!arrived.current) {
      arrived.current = true;
      return;
    }
    const main = document.querySelector<HTMLElement>('main');
    if (main) {
      main.tabIndex = -1;
      main.focus({ preventScroll: true });
    }
  }, [pathname, search]);
  return null;
}

export function useNavigate(): Navigate {
  const [, navigate] = useWouterLocation();
  return useCallback<Navigate>((to, options) => navigate(to, options), [navigate]);
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const search = useRawSearch();
  const state: unknown = useHistoryState();
  return useMemo(() => ({ pathname, search, state }), [pathname, search, state]);
}

/** What the screen that navigated here handed along (history state): a notice, an e-mail to fill in. */
export interface Arrival {
  notice?: string | undefined;
  email?: string | undefined;
}

export function useArrival(): Arrival {
  const { state } = useLocation();
  return useMemo(() => {
    if (typeof state !== 'object' || state === null) return {};
    return {
      notice: 'notice' in state && typeof state.notice === 'string' ? state.notice : undefined,
      email: 'email' in state && typeof state.email === 'string' ? state.email : undefined,
    };
  }, [state]);
}

export function useSearchParams(): [URLSearchParams] {
  const search = useRawSearch();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** The parameters of the matched pattern, e.g. `{ number: '100001' }` for `/paquetes/:number`. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useWouterParams();
}

/**
 * An <a> that navigates inside the app; a modified click (new tab) behaves as a plain link, and so does a link
 * meant for another window (`target="_blank"`), which wouter would otherwise open in this one.
 */
export function Link({
  to,
  ...rest
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  if (rest.target && rest.target !== '_self') return <a href={to} {...rest} />;
  return <WouterLink to={to} {...rest} />;
}
