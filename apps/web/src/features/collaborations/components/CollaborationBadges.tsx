import { Avatar, Badge, Group, type MantineColor, Tooltip } from '@mantine/core';
import type { CollaborationItem } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<CollaborationItem['invitation_status'], MantineColor> = {
  pending: 'yellow',
  accepted: 'teal',
  declined: 'red',
};

/** Type, access and invitation status of a collaboration, as small badges. */
export function CollaborationBadges({
  item,
  size = 'sm',
}: {
  item: Pick<CollaborationItem, 'type' | 'access_type' | 'invitation_status'>;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <Badge size={size} variant="light" color={item.type === 'client' ? 'blue' : 'grape'}>
        {t(`collaborations.type.${item.type}`)}
      </Badge>
      <Badge size={size} variant="outline" color={item.access_type === 'full' ? 'indigo' : 'gray'}>
        {t(`collaborations.access.${item.access_type}`)}
      </Badge>
      <Badge size={size} variant="dot" color={STATUS_COLORS[item.invitation_status]}>
        {t(`collaborations.status.${item.invitation_status}`)}
      </Badge>
    </Group>
  );
}

/** The logo of the other company, or its initial. */
export function CompanyLogo({
  logo,
  label,
  size = 40,
}: {
  logo: string | null;
  label: string;
  size?: number;
}) {
  return (
    <Avatar src={logo} alt={label} radius="md" size={size} color="brand" variant="light">
      {label.trim()[0]?.toUpperCase() ?? '?'}
    </Avatar>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The partner's people in a collaboration: a few avatars and a count of the rest. */
export function PeopleAvatars({ users, max = 4 }: { users: CollaborationItem['users']; max?: number }) {
  if (!users.length) return null;
  const shown = users.slice(0, max);
  const rest = users.length - shown.length;
  return (
    <Tooltip.Group openDelay={200}>
      <Avatar.Group spacing="sm">
        {shown.map((user) => (
          <Tooltip key={user.id} label={user.full_name} withArrow>
            <Avatar
              src={user.profile_image}
              alt={user.full_name}
              radius="xl"
              size={30}
              color="initials"
              name={user.full_name}
            >
              {initials(user.full_name)}
            </Avatar>
          </Tooltip>
        ))}
        {rest > 0 && (
          <Avatar radius="xl" size={30}>
            +{rest}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
}
