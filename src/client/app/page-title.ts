// The page's title in the tab, 'Screen | Brand': Page sets it for every screen, '/' (drawn without Page, so the
// entry carries neither the header nor the signed-in navigation) sets it itself.
import { useEffect } from 'react';
import { appConfig } from './app-config.ts';

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${appConfig.brandName}`;
  }, [title]);
}
