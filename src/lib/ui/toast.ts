// Toasts without their library in any first screen's code: react-hot-toast loads with the first toast (or with its
// container, LazyToaster.tsx), and the toast shows as soon as it has. Every toast of the app is a message to read,
// never something to wait on, so nothing needs its id back.
import type { ToastOptions } from 'react-hot-toast';

export function showToast(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  void import('react-hot-toast')
    .then(({ default: toast }) => {
      toast[kind](message, options);
    })
    .catch((error) => console.warn('toast not shown', message, error));
}
