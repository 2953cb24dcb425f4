/** The header's bell: unread count, the list, pause (issue 20). */
export function NotificationBell() {
  return null;
}
