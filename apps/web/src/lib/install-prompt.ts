import { createStore, useStore } from './store.ts';

/** Chrome's install event; not in the DOM typings. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallState = { prompt: BeforeInstallPromptEvent | null; installed: boolean };

const install = createStore<InstallState>({ prompt: null, installed: false });

/** Listens from the first moment: the event can fire before the download page is opened. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    install.set((s) => ({ ...s, prompt: event as BeforeInstallPromptEvent }));
  });
  window.addEventListener('appinstalled', () => install.set({ prompt: null, installed: true }));
}

export async function promptInstall(): Promise<boolean> {
  const event = install.get().prompt;
  if (!event) return false;
  await event.prompt();
  const choice = await event.userChoice;
  install.set((s) => ({ prompt: null, installed: s.installed || choice.outcome === 'accepted' }));
  return choice.outcome === 'accepted';
}

export const useInstallPrompt = () => useStore(install);
