// The toasts' container, built once the first screen has been shown: its library (react-hot-toast and its CSS-in-JS)
// is no part of that screen. A toast asked for before it is built waits in the library's store and shows then.
import { lazy, Suspense } from 'react';
import type { ToasterProps } from 'react-hot-toast';
import { useAfterFirstScreen } from '../after-first-screen';

const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

export function LazyToaster(props: ToasterProps) {
  if (!useAfterFirstScreen()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
