import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

// The toast container (transitions, portal, scroll-bar handling, ~5 kB gzipped) is not part of
// the first load; `notifications.show()` works before it is there. It is fetched soon after the
// start all the same, so that a toast still shows when the connection has gone by then (offline
// work confirms every change with one).
const loadToasts = () => import('./ToastContainer').then((m) => ({ default: m.ToastContainer }));
const ToastContainer = lazy(loadToasts);
const PRELOAD_AFTER_MS = 1500;

/** Mounts Mantine's notifications container once the first notification is shown, then keeps it. */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => void loadToasts().catch(() => undefined), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
