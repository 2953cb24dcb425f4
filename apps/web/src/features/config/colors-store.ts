import { useSyncExternalStore } from 'react';

export type Colors = { primary: string; secondary: string };
const KEY = 'workbench.colors';
const DEFAULT: Colors = { primary: '#1c7ed6', secondary: '#0b7285' };

function read(): Colors {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Colors | null;
    return stored?.primary && stored.secondary ? stored : DEFAULT;
  } catch {
    return DEFAULT;
  }
}

// Saved so that a reload paints the organisation's colours at once, before config arrives (000 §4).
let colors = read();
const listeners = new Set<() => void>();

export function saveColors(next: Colors) {
  if (next.primary === colors.primary && next.secondary === colors.secondary) return;
  colors = next;
  localStorage.setItem(KEY, JSON.stringify(next));
  for (const l of listeners) l();
}

export function resetColors() {
  localStorage.removeItem(KEY);
  colors = DEFAULT;
  for (const l of listeners) l();
}

export function useColors(): Colors {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => colors,
  );
}
