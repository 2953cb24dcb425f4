import { Notifications } from '@mantine/notifications';

/** Where toasts show; its own module so that NotificationsHost can load it on demand. */
export function ToastContainer() {
  return <Notifications position="top-right" />;
}
