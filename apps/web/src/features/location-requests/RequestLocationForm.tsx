import { Button, Stack, Text, Textarea } from '@mantine/core';
import { LOCATION_REQUEST_MESSAGE_MAX } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../ui/feedback/use-error-text';
import { useNotify } from '../../ui/feedback/use-notify';
import { WorkspaceSelect } from '../issues/components/WorkspaceSelect';
import { useRequestLocation } from './location-requests-api';

/** The request's dialog content (loaded when opened: the workspace picker is the issue form's). */
export function RequestLocationForm({
  userId,
  name,
  onDone,
}: {
  userId: number;
  name: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const request = useRequestLocation(userId);
  const [workspaceId, setWorkspaceId] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const fieldError =
    request.error instanceof ApiError && request.error.fields.workspace_id
      ? errorText(request.error)
      : undefined;

  const send = () => {
    if (workspaceId === null) return;
    request.mutate(
      { workspace_id: workspaceId, ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: (res) => {
          notify.ok(res.created ? 'location-requests.sent' : 'location-requests.already_pending', { name });
          onDone();
          setMessage('');
          request.reset();
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.fields.workspace_id)) notify.fail(error);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('location-requests.request_hint')}
        </Text>
        <WorkspaceSelect
          label={t('location-requests.workspace')}
          value={workspaceId}
          onChange={(id) => {
            setWorkspaceId(id);
            request.reset();
          }}
          error={fieldError}
          required
        />
        <Textarea
          label={t('location-requests.message')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          maxLength={LOCATION_REQUEST_MESSAGE_MAX}
          autosize
          minRows={2}
        />
        <Button type="submit" loading={request.isPending} disabled={workspaceId === null}>
          {t('location-requests.send')}
        </Button>
      </Stack>
    </form>
  );
}
