import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../ui/feedback/use-notify';
import { useLiveEvent } from '../live/live-bus';
import { currentPosition } from '../qr-scan/scanner';
import {
  locationRequestKeys,
  useAnswerLocationRequest,
  useMyLocationRequests,
} from './location-requests-api';

/**
 * The asked person's dialog (issue 21), on every dashboard page: the newest pending location
 * request, to share the browser's position or decline. It opens on load when one is pending and
 * when a new one arrives (the live notification); "Later" hides it until the next page load.
 */
export function LocationRequestPrompt() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const requests = useMyLocationRequests();
  const answer = useAnswerLocationRequest();
  const [later, setLater] = useState<Set<number>>(() => new Set());
  const [locating, setLocating] = useState(false);
  const [refused, setRefused] = useState(false);

  useLiveEvent(['notification'], (message) => {
    if (message.name === 'notification' && message.data.event_type === 'location_requested')
      void queryClient.invalidateQueries({ queryKey: locationRequestKeys.mine });
  });

  const request = requests.data?.data.find((r) => !later.has(r.id));
  if (!request) return null;

  const close = () => {
    setLater((s) => new Set(s).add(request.id));
    setRefused(false);
  };
  const share = async () => {
    setLocating(true);
    setRefused(false);
    const position = await currentPosition(15_000);
    setLocating(false);
    if (!position) {
      setRefused(true);
      return;
    }
    answer.mutate(
      { id: request.id, accept: true, ...position },
      { onSuccess: () => notify.ok('location-requests.shared'), onError: notify.fail },
    );
  };
  const decline = () =>
    answer.mutate(
      { id: request.id, accept: false },
      { onSuccess: () => notify.ok('location-requests.declined'), onError: notify.fail },
    );

  return (
    <Modal opened onClose={close} title={t('location-requests.prompt_title')} centered>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconMapPin size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Text>
            {t('location-requests.prompt_text', {
              person: request.requested_by?.full_name ?? t('location-requests.someone'),
              workspace: request.workspace.name,
            })}
          </Text>
        </Group>
        {request.message && (
          <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
            “{request.message}”
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('location-requests.prompt_hint')}
        </Text>
        {refused && (
          <Text size="sm" c="red.8" role="alert">
            {t('location-requests.position_unavailable')}
          </Text>
        )}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="subtle" color="gray" onClick={close}>
            {t('location-requests.later')}
          </Button>
          <Button variant="default" onClick={decline} loading={answer.isPending && !locating}>
            {t('location-requests.decline')}
          </Button>
          <Button
            leftSection={<IconMapPin size={16} />}
            onClick={() => void share()}
            loading={locating || answer.isPending}
          >
            {t('location-requests.share')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
