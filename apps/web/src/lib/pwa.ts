import { SW_UPDATE_CHECK_MS, SW_WAITING_DELAY_MS } from '@casino/shared/constants';

/**
 * Registers the service worker (spec section 1): checks for an update every 60 s, lets a waiting
 * worker take over after a 200 ms delay, and reloads the page when a new worker takes control.
 * workbox-window is imported lazily so it stays out of the first bundle.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  const hadController = navigator.serviceWorker.controller !== null;

  workbox.addEventListener('waiting', () => {
    window.setTimeout(() => workbox.messageSkipWaiting(), SW_WAITING_DELAY_MS);
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install also claims the page; only a replaced worker means new code.
    if (hadController) window.location.reload();
  });

  const registration = await workbox.register();
  if (!registration) return;
  window.setInterval(() => {
    if (navigator.onLine) void registration.update();
  }, SW_UPDATE_CHECK_MS);
}
