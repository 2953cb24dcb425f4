import { Avatar, type AvatarProps } from '@mantine/core';

export function initialsOf(person: { full_name: string; email?: string }): string {
  const parts = person.full_name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : (parts[0]?.[0] ?? '');
  return (letters || person.email?.[0] || '?').toUpperCase();
}

/** A person's picture, or their initials. */
export function UserAvatar({
  person,
  ...props
}: { person: { full_name: string; email?: string; profile_image: string | null } } & AvatarProps) {
  return (
    <Avatar src={person.profile_image} radius="xl" color="brand" alt={person.full_name} {...props}>
      {initialsOf(person)}
    </Avatar>
  );
}
