import { useSyncExternalStore } from 'react';
import { Icon } from './Icon';
import { closeCircleFilled, exclamationCircleFilled } from './statusIconPaths';

interface TToast {
  id: number;
  kind: 'error' | 'warning';
  text: string;
}

let toasts: TToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) {
    listener();
  }
};

/** Shows `text` at the top of the page for three seconds (like Ant Design's message). */
function show(kind: TToast['kind'], text: string): void {
  const id = nextId++;
  toasts = [...toasts, { id, kind, text }];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((item) => item.id !== id);
    emit();
  }, 3000);
}

export const toast = {
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where the toasts appear; read aloud as they come. Rendered once by the app's root. */
export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="pl-toasts" role="status" aria-live="polite">
      {list.map((item) => (
        <div key={item.id} className={`pl-toast pl-toast-${item.kind}`}>
          <Icon paths={item.kind === 'error' ? closeCircleFilled : exclamationCircleFilled} />
          <span>{item.text}</span>
        </div>
      ))}
    </div>
  );
}
