import { useNotify } from '../feedback/use-notify';

/** The file formats a QR code downloads in. */
export type QrFormat = 'png' | 'svg';

/** Saves a blob under a file name (an object URL and a clicked link). */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A QR code's file name from its owner's name (letters, digits and dashes), `fallback` when none are left. */
export function qrFileName(name: string, format: QrFormat, fallback: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || fallback}-qr.${format}`;
}

/**
 * Downloads an owner's QR code (an asset's, an equipment item's) as a file named after it; a
 * failure is a toast. `blobOf` fetches the code in a format.
 */
export function useQrDownload(blobOf: (format: QrFormat) => Promise<Blob>, name: string, fallback: string) {
  const notify = useNotify();
  return async (format: QrFormat) => {
    try {
      saveBlob(await blobOf(format), qrFileName(name, format, fallback));
    } catch (err) {
      notify.fail(err);
    }
  };
}
