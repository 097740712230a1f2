// Registers the courier screen's service worker: the Workbox worker vite-plugin-pwa builds (dist/client/sw.js, see
// vite.config.ts) keeps '/reparto' and its files on the phone, so the screen opens without signal. Only the courier
// screen's chunk calls this, with the scope '/reparto': no other page of the site is ever controlled by it.
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/reparto';

export function registerCourierServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // No worker is no failure: the screen still works online, and the queue lives in IndexedDB, not in the worker.
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE })
    .catch(() => undefined);
}
