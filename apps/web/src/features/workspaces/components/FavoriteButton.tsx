import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useToggleFavorite } from '../workspace-api';

/** The favourite star of a workspace: per person, saved at once. */
export function FavoriteButton({
  id,
  isFavorite,
  size = 'lg',
}: {
  id: number;
  isFavorite: boolean;
  size?: string;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const toggle = useToggleFavorite();
  const label = t(isFavorite ? 'workspaces.unfavorite' : 'workspaces.favorite');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="yellow"
        size={size}
        aria-label={label}
        aria-pressed={isFavorite}
        loading={toggle.isPending}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          toggle.mutate({ id, favorite: !isFavorite }, { onError: notify.fail });
        }}
      >
        {isFavorite ? <IconStarFilled size={20} /> : <IconStar size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
