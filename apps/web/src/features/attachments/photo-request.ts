/**
 * The status button 'add photo' (001 §4) opens the gallery's file input. The button lives in the
 * issue's action bar and the gallery further down the page, so the request travels through this
 * small channel; it runs synchronously inside the click, which lets the browser open the file
 * dialog. Answers whether a gallery took the request.
 */
type Listener = (issueId: number) => boolean;
const listeners = new Set<Listener>();

export function onPhotoRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function requestPhotoUpload(issueId: number): boolean {
  let handled = false;
  for (const listener of listeners) handled = listener(issueId) || handled;
  return handled;
}
