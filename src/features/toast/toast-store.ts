import { create } from 'zustand';

/** Spec constants (core section 9): one toast at a time, 5 s by default. */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
/** A dismissed toast stays mounted this long (its exit animation), then is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'success' | 'destructive';
  durationMs: number;
  open: boolean;
}

interface ToastState {
  toasts: Toast[];
  show: (
    t: Omit<Toast, 'id' | 'open' | 'durationMs' | 'variant'> & Partial<Pick<Toast, 'variant' | 'durationMs'>>,
  ) => number;
  dismiss: (id: number) => void;
  remove: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  show: (t) => {
    const id = nextId++;
    const toast: Toast = { variant: 'default', durationMs: TOAST_DEFAULT_DURATION_MS, ...t, id, open: true };
    // A new toast replaces the one on screen: only TOAST_LIMIT are kept.
    set((s) => ({ toasts: [toast, ...s.toasts].slice(0, TOAST_LIMIT) }));
    return id;
  },
  dismiss: (id) => {
    set((s) => ({ toasts: s.toasts.map((x) => (x.id === id ? { ...x, open: false } : x)) }));
    setTimeout(() => useToastStore.getState().remove(id), TOAST_REMOVE_DELAY_MS);
  },
  remove: (id) => set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) })),
}));

/** Shorthand for screens: toast({ title, description, variant }). */
export const toast = (t: Parameters<ToastState['show']>[0]) => useToastStore.getState().show(t);
