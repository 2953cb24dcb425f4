import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toast container (transitions, portal, scroll-bar handling, ~5 kB gzipped) loads with the
// first toast rather than with every page; `notifications.show()` works before it is there.
const ToastContainer = lazy(() => import('./ToastContainer').then((m) => ({ default: m.ToastContainer })));

/** Mounts Mantine's notifications container once the first notification is shown, then keeps it. */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
