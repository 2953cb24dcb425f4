import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserEntry } from './picker-state';

export const emptyUserEntry = (): UserEntry => ({ email: '', first_name: '', last_name: '' });

/**
 * The rows of new people to invite (000 §3 "New user entry": e-mail required, names optional),
 * with add and remove; used by the invite page and the picker's create-and-add step.
 */
export function NewUserEntries({
  entries,
  onChange,
  fieldError,
}: {
  entries: UserEntry[];
  onChange: (entries: UserEntry[]) => void;
  /** The translated error of one field of one entry, if any. */
  fieldError: (index: number, field: keyof UserEntry) => string | undefined;
}) {
  const { t } = useTranslation();
  const update = (index: number, field: keyof UserEntry, value: string) =>
    onChange(entries.map((e, i) => (i === index ? { ...e, [field]: value } : e)));
  return (
    <>
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; their order is their identity
        <Group key={index} align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            style={{ flex: '2 1 200px' }}
            label={t('common.email')}
            required
            type="email"
            value={entry.email}
            onChange={(e) => update(index, 'email', e.currentTarget.value)}
            error={fieldError(index, 'email')}
          />
          <TextInput
            style={{ flex: '1 1 120px' }}
            label={t('common.first_name')}
            value={entry.first_name}
            onChange={(e) => update(index, 'first_name', e.currentTarget.value)}
            error={fieldError(index, 'first_name')}
          />
          <TextInput
            style={{ flex: '1 1 120px' }}
            label={t('common.last_name')}
            value={entry.last_name}
            onChange={(e) => update(index, 'last_name', e.currentTarget.value)}
            error={fieldError(index, 'last_name')}
          />
          {entries.length > 1 && (
            <ActionIcon
              mt={28}
              variant="subtle"
              color="red"
              aria-label={t('profiles.remove_entry')}
              onClick={() => onChange(entries.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Button
        variant="subtle"
        w="fit-content"
        leftSection={<IconPlus size={16} />}
        onClick={() => onChange([...entries, emptyUserEntry()])}
      >
        {t('profiles.add_entry')}
      </Button>
    </>
  );
}
