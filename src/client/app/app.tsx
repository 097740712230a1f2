// The app's root, one tree for both places it is drawn: the browser (main.tsx, every screen) and the server, which
// draws the first paint of a few screens (../server-render.tsx: the courier's, a package's page) for the browser to
// take over as is (hydration): the two must render the same elements, so they share this.
import { type ComponentType, StrictMode } from 'react';
import { messages } from '../../shared/messages.ts';
import { Router } from './router.tsx';

export function App({
  screens,
  notFound,
}: {
  screens: Record<string, ComponentType>;
  notFound: ComponentType;
}) {
  return (
    <StrictMode>
      <Router
        screens={screens}
        notFound={notFound}
        fallback={
          <p className="page" role="status">
            {messages.loading}
          </p>
        }
      />
    </StrictMode>
  );
}
