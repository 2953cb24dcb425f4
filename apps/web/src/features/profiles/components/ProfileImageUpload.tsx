import { ActionIcon, FileButton, Indicator, Loader, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import type { SessionUser } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { PROFILE_IMAGE_TYPES, profileImageProblem, readImageDimensions } from '../image-check';
import { useUploadProfileImage } from '../profiles-api';
import { UserAvatar } from './UserAvatar';

/** The profile picture with a camera button; the file is checked here first, as the server will. */
export function ProfileImageUpload({ user, canUpload }: { user: SessionUser; canUpload: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadProfileImage(user.id);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    const dimensions = (PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)
      ? await readImageDimensions(file)
      : null;
    const local = profileImageProblem(file, dimensions);
    if (local) return setProblem(local);
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: t('profiles.image_saved') }),
      onError: (err) =>
        setProblem(err instanceof ApiError ? (Object.values(err.fields)[0] ?? err.key) : 'general_error'),
    });
  };

  const avatar = <UserAvatar person={user} size={96} />;
  return (
    <div>
      {canUpload ? (
        <Indicator
          inline
          position="bottom-end"
          offset={14}
          size={0}
          label={
            <FileButton onChange={(file) => void choose(file)} accept={PROFILE_IMAGE_TYPES.join(',')}>
              {(props) => (
                <Tooltip label={t('profiles.change_image')}>
                  <ActionIcon {...props} radius="xl" size={32} aria-label={t('profiles.change_image')}>
                    {upload.isPending ? <Loader size={14} color="white" /> : <IconCamera size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          }
        >
          {avatar}
        </Indicator>
      ) : (
        avatar
      )}
      {problem && (
        <Text c="red" size="xs" mt={6} maw={200} role="alert">
          {t(`errors.${problem}`, { defaultValue: t('errors.general_error') })}
        </Text>
      )}
      {canUpload && !problem && (
        <Text c="dimmed" size="xs" mt={6} maw={200}>
          {t('profiles.image_hint')}
        </Text>
      )}
    </div>
  );
}
