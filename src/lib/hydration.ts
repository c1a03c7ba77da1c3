// What the server renders and what the browser renders first must be the same page: the server knows
// nothing of this device (its width, what it stored), so a component that shows something of the device renders
// the server's answer on the server and while the browser hydrates the server's HTML, and the device's at once
// after (a layout effect: before the first paint of the hydrated page). A page the browser renders itself (no
// server HTML: offline, the tests) renders the device's answer from the start.
import {
  type Dispatch,
  type SetStateAction,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

const noSubscription = () => () => undefined;

/** False on the server and in the render that hydrates its HTML; true in every other render. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * State whose first value comes from this device (`read`: storage, the window): `onServer` on the server and
 * while hydrating, then `read()`.
 */
export function useDeviceState<T>(read: () => T, onServer: T): [T, Dispatch<SetStateAction<T>>] {
  const hydrated = useHydrated();
  const [value, setValue] = useState<T>(() => (hydrated ? read() : onServer));
  const fromDevice = useRef(hydrated);
  const readNow = useRef(read);
  readNow.current = read;
  useLayoutEffect(() => {
    if (fromDevice.current) return;
    fromDevice.current = true;
    setValue(readNow.current());
  }, []);
  return [value, setValue];
}
