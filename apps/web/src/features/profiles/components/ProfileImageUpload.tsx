import { ActionIcon, FileButton, Indicator, Loader, Text, Tooltip } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import type { SessionUser } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { PROFILE_IMAGE_TYPES, profileImageProblem, readImageDimensions } from '../image-check';
import { useUploadProfileImage } from '../profiles-api';
import { UserAvatar } from './UserAvatar';

/** The profile picture with a camera button; the file is checked here first, as the server will. */
export function ProfileImageUpload({ user, canUpload }: { user: SessionUser; canUpload: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const upload = useUploadProfileImage(user.id);
  // An error key of the browser's own check, or the server's refusal.
  const [problem, setProblem] = useState<unknown>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    const dimensions = (PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)
      ? await readImageDimensions(file)
      : null;
    const local = profileImageProblem(file, dimensions);
    if (local) return setProblem(local);
    upload.mutate(file, {
      onSuccess: () => notify.ok('profiles.image_saved'),
      onError: setProblem,
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
      {problem !== null && (
        <Text c="red" size="xs" mt={6} maw={200} role="alert">
          {errorText(problem)}
        </Text>
      )}
      {canUpload && problem === null && (
        <Text c="dimmed" size="xs" mt={6} maw={200}>
          {t('profiles.image_hint')}
        </Text>
      )}
    </div>
  );
}
