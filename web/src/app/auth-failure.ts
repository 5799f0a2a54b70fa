import { createContext, useContext, useSyncExternalStore } from "react";

/**
 * Spec §8: the last authentication error, which turns the app shell into the Authentication
 * Required screen until the person chooses Try Again or Sign In. Set from the query client's
 * caches, so that a failing mutation and a failing query behave alike.
 */
export interface AuthFailureStore {
  get(): unknown;
  set(error: unknown): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function createAuthFailureStore(): AuthFailureStore {
  let current: unknown = null;
  const listeners = new Set<() => void>();
  const emit = (): void => listeners.forEach((listener) => listener());
  return {
    get: () => current,
    set(error) {
      current = error ?? new Error("Unauthorized");
      emit();
    },
    clear() {
      if (current === null) return;
      current = null;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const AuthFailureContext = createContext<AuthFailureStore | null>(null);

export function useAuthFailureStore(): AuthFailureStore {
  const store = useContext(AuthFailureContext);
  if (!store) throw new Error("useAuthFailureStore outside AppProvider");
  return store;
}

export function useAuthFailure(): unknown {
  const store = useAuthFailureStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
