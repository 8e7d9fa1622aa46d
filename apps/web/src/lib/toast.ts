import { createStore, useStore } from './store.ts';

export type ToastKind = 'success' | 'error' | 'info';
export type Toast = { id: number; kind: ToastKind; text: string };

const MAX_TOASTS = 3;
const DURATION_MS: Record<ToastKind, number> = { success: 3500, info: 4000, error: 6000 };
const toasts = createStore<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  toasts.set((list) => list.filter((toast) => toast.id !== id));
}

function push(kind: ToastKind, text: string): void {
  if (!text) return;
  const id = nextId++;
  // The same text twice in a row (two failing calls at once) shows once.
  toasts.set((list) => [...list.filter((toast) => toast.text !== text), { id, kind, text }].slice(-MAX_TOASTS));
  window.setTimeout(() => dismissToast(id), DURATION_MS[kind]);
}

export const toast = {
  success: (text: string) => push('success', text),
  error: (text: string) => push('error', text),
  info: (text: string) => push('info', text),
};

export const useToasts = () => useStore(toasts);
