import { useSyncExternalStore } from 'react';

/**
 * How many pages' code is being downloaded: the navigation progress bar shows while it is above
 * zero (the router is declarative, so React Router has no navigation state to read).
 */
let pending = 0;
const listeners = new Set<() => void>();
// React.lazy starts a download while rendering: listeners hear of it after the render.
const notify = () =>
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });

export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  pending++;
  notify();
  const done = () => {
    pending--;
    notify();
  };
  load.then(done, done);
  return load;
}

export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
  );
}
