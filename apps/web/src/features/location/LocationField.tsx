import { Button, Group, Input, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Location } from '@workbench/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationView } from './LocationView';

// The picker (tabs, map) loads when it is first opened: forms that never open it do not carry
// the map library (leaflet and its styles).
const LocationPicker = lazy(() => import('./LocationPicker'));

/**
 * A form's location (001 §2 "Location picker"): the chosen place, and a button that opens the
 * picker in a dialog (full screen on a phone); remove clears it.
 */
export function LocationField({
  value,
  onChange,
  label,
  disabled = false,
  error,
}: {
  value: Location | null;
  onChange: (location: Location | null) => void;
  label?: string;
  disabled?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Input.Wrapper label={label ?? t('location.title')} error={error}>
      <Stack gap="xs" mt={4}>
        <LocationView location={value} emptyText={t('location.none')} />
        {!disabled && (
          <Group gap="xs">
            <Button variant="light" size="xs" onClick={() => setOpened(true)}>
              {value ? t('location.change') : t('location.pick')}
            </Button>
            {value && (
              <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
                {t('location.remove')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('location.picker_title')}
        size="xl"
        fullScreen={!!phone}
      >
        {opened && (
          <Suspense fallback={<Loader size="sm" />}>
            <LocationPicker
              initial={value}
              onCancel={() => setOpened(false)}
              onPick={(location) => {
                onChange(location);
                setOpened(false);
              }}
            />
          </Suspense>
        )}
      </Modal>
    </Input.Wrapper>
  );
}
