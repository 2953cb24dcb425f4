/**
 * The camera and the decoder of the scan page (issue 21). The browser's own BarcodeDetector
 * where it reads QR codes (Android, macOS, ChromeOS), else the barcode-detector ponyfill, whose
 * ZXing WebAssembly comes from our own build (imported with ?url; the CSP forbids any CDN).
 */

export type Detector = { detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>> };

type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? [];
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** The detector to use; the ponyfill (and its wasm) is loaded only when the browser has none. */
export async function createDetector(): Promise<Detector> {
  const native = await nativeDetector();
  if (native) return native;
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/** Why the camera did not start, as the page explains it. */
export type CameraProblem = 'unsupported' | 'denied' | 'not_found' | 'failed';

export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'not_found';
  return 'failed';
}

/** The back camera where there is one (phones), any camera otherwise. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotSupportedError');
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Whether the person allowed the scan page to send their position (remembered on this device). */
const LOCATION_KEY = 'workbench.scan-with-location';
export function readScanLocationChoice(): boolean {
  try {
    return localStorage.getItem(LOCATION_KEY) === '1';
  } catch {
    return false;
  }
}
export function saveScanLocationChoice(on: boolean): void {
  try {
    localStorage.setItem(LOCATION_KEY, on ? '1' : '0');
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

export type Position = { latitude: number; longitude: number; accuracy: number };

/** The browser's position, or null when it is refused, unavailable or slow (the scan goes on without). */
export function currentPosition(timeoutMs = 8000): Promise<Position | null> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) {
      resolve(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          latitude: p.coords.latitude,
          longitude: p.coords.longitude,
          accuracy: Math.min(p.coords.accuracy, 100_000),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
