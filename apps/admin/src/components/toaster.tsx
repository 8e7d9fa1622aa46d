import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client';
import { AlertIcon, CheckIcon, CloseIcon } from './icons';

type Toast = { id: number; kind: 'success' | 'error'; message: string };

const MAX_TOASTS = 4;
const TOAST_MS = { success: 4_000, error: 7_000 } as const;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function push(kind: Toast['kind'], message: string) {
  // The same message twice in a row (a retried query) shows once.
  if (toasts.some((t) => t.kind === kind && t.message === message)) return;
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }].slice(-MAX_TOASTS);
  emit();
  setTimeout(() => dismiss(id), TOAST_MS[kind]);
}

/** Callable from anywhere (query cache, mutations), not only from components. */
export const toast = {
  success: (message: string) => push('success', message),
  error: (message: string) => push('error', message),
};

/** The callbacks of a change that only informs the operator: the server's message (else `saved`), or its refusal. */
export function toastOutcome(saved: string) {
  return {
    onSuccess: ({ message }: { message: string }) => toast.success(message || saved),
    onError: (error: unknown) => toast.error(errorMessage(error)),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-3 sm:inset-x-auto sm:right-4 sm:items-end">
      {items.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${item.kind}`}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm shadow-xl shadow-black/40 backdrop-blur ${
            item.kind === 'error'
              ? 'border-rose-500/30 bg-rose-950/90 text-rose-100'
              : 'border-emerald-500/30 bg-emerald-950/90 text-emerald-100'
          }`}
        >
          <span className={`mt-0.5 ${item.kind === 'error' ? 'text-rose-400' : 'text-emerald-400'}`}>
            {item.kind === 'error' ? <AlertIcon /> : <CheckIcon />}
          </span>
          <p className="flex-1 leading-5">{item.message}</p>
          <button
            type="button"
            className="-m-1 rounded p-1 text-current/70 hover:text-current"
            aria-label={t('common.dismiss')}
            onClick={() => dismiss(item.id)}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
