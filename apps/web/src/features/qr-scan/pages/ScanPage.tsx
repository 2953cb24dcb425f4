import { Alert, Button, Card, Group, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconCamera, IconCameraOff, IconQrcode } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useScanCode } from '../qr-scan-api';
import {
  type CameraProblem,
  cameraProblemOf,
  createDetector,
  currentPosition,
  openCamera,
  readScanLocationChoice,
  saveScanLocationChoice,
  stopCamera,
} from '../scanner';

/** How often a video frame is decoded (a phone's camera gives 30 a second; 4 is plenty). */
const SCAN_INTERVAL_MS = 250;

type CameraState = 'starting' | 'running' | 'stopped' | CameraProblem;

/**
 * /dashboard/scan (issue 21): the back camera reads a printed QR code of a workspace, asset or
 * equipment item (or group); POST qr_code/scan says what it is and logs the scan (with the
 * position when the person switched that on), and the staff page opens. A code can be typed
 * instead, for when there is no camera or it is not allowed. The camera stops on leaving.
 */
export function ScanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const scan = useScanCode();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const busyRef = useRef(false);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [withLocation, setWithLocation] = useState(readScanLocationChoice);
  const [manual, setManual] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const withLocationRef = useRef(withLocation);
  withLocationRef.current = withLocation;

  const resolve = useCallback(
    async (value: string) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setProblem(null);
      try {
        const position = withLocationRef.current ? await currentPosition() : null;
        const result = await scan.mutateAsync({ value, ...(position ?? {}) });
        stopCamera(streamRef.current);
        navigate(result.path);
      } catch (error) {
        setProblem(errorText(error));
        // Let the same code be read again after a pause, not twenty times a second.
        setTimeout(() => {
          busyRef.current = false;
        }, 2500);
        return;
      }
    },
    [errorText, navigate, scan],
  );
  // The camera loop reads the latest resolve through a ref: `scan` is a new object on every
  // render, and a start that followed it would restart the camera on every render.
  const resolveRef = useRef(resolve);
  resolveRef.current = resolve;

  const start = useCallback(async () => {
    setCamera('starting');
    try {
      const [stream, detector] = await Promise.all([openCamera(), createDetector()]);
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) {
        stopCamera(stream);
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setCamera('running');
      const tick = async () => {
        if (streamRef.current !== stream || !stream.active) return;
        if (!busyRef.current && video.readyState >= 2) {
          try {
            const [code] = await detector.detect(video);
            if (code?.rawValue) await resolveRef.current(code.rawValue);
          } catch {
            // A frame that cannot be read: try the next one.
          }
        }
        setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      setCamera(name === 'NotSupportedError' ? 'unsupported' : cameraProblemOf(error));
    }
  }, []);

  useEffect(() => {
    void start();
    return () => {
      stopCamera(streamRef.current);
      streamRef.current = null;
    };
  }, [start]);

  const stop = () => {
    stopCamera(streamRef.current);
    streamRef.current = null;
    setCamera('stopped');
  };

  const toggleLocation = (on: boolean) => {
    setWithLocation(on);
    saveScanLocationChoice(on);
  };

  const cameraMessage =
    camera === 'unsupported' || camera === 'denied' || camera === 'not_found' || camera === 'failed'
      ? t(`qr-scan.camera_${camera}`)
      : null;

  return (
    <Stack gap="md" maw={720}>
      <Group gap="xs">
        <IconQrcode size={26} aria-hidden />
        <Title order={1} size="h2">
          {t('qr-scan.title')}
        </Title>
      </Group>
      <Text c="dimmed">{t('qr-scan.intro')}</Text>
      <Card withBorder radius="md" padding="sm">
        <Stack gap="sm">
          <div
            style={{
              position: 'relative',
              width: '100%',
              aspectRatio: '4 / 3',
              background: 'var(--mantine-color-dark-7)',
              borderRadius: 'var(--mantine-radius-md)',
              overflow: 'hidden',
            }}
          >
            <video
              ref={videoRef}
              muted
              playsInline
              aria-label={t('qr-scan.camera_view')}
              style={{
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                display: camera === 'running' ? 'block' : 'none',
              }}
            />
            {camera !== 'running' && (
              <Stack align="center" justify="center" h="100%" gap="xs" p="md">
                {camera === 'starting' ? (
                  <Loader color="gray.3" aria-label={t('qr-scan.camera_starting')} />
                ) : (
                  <IconCameraOff size={36} color="var(--mantine-color-gray-3)" aria-hidden />
                )}
                <Text c="gray.2" ta="center" size="sm">
                  {camera === 'starting'
                    ? t('qr-scan.camera_starting')
                    : (cameraMessage ?? t('qr-scan.camera_stopped'))}
                </Text>
              </Stack>
            )}
          </div>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Switch
              checked={withLocation}
              onChange={(e) => toggleLocation(e.currentTarget.checked)}
              label={t('qr-scan.with_location')}
              description={t('qr-scan.with_location_hint')}
            />
            {camera === 'running' ? (
              <Button variant="default" leftSection={<IconCameraOff size={16} />} onClick={stop}>
                {t('qr-scan.stop_camera')}
              </Button>
            ) : camera !== 'starting' && camera !== 'unsupported' ? (
              <Button variant="light" leftSection={<IconCamera size={16} />} onClick={() => void start()}>
                {t('qr-scan.start_camera')}
              </Button>
            ) : null}
          </Group>
          {scan.isPending && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('qr-scan.opening')}</Text>
            </Group>
          )}
          {problem && (
            <Alert color="red" title={t('qr-scan.not_opened')} role="alert">
              <Text size="sm" c="var(--mantine-color-text)">
                {problem}
              </Text>
            </Alert>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="qr-scan-manual">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (manual.trim()) void resolve(manual.trim());
          }}
        >
          <Stack gap="xs">
            <Title order={2} size="h4" id="qr-scan-manual">
              {t('qr-scan.manual_title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('qr-scan.manual_hint')}
            </Text>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t('qr-scan.manual_label')}
                value={manual}
                onChange={(e) => setManual(e.currentTarget.value)}
                maxLength={2000}
                autoComplete="off"
              />
              <Button type="submit" loading={scan.isPending} disabled={!manual.trim()}>
                {t('qr-scan.open')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
