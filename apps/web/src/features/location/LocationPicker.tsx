import { Alert, Button, Group, Loader, NavLink, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import {
  ADDRESS_DEBOUNCE_MS,
  COORDINATES_DEBOUNCE_MS,
  LOCATION_NAME_MAX,
  type Location,
} from '@workbench/domain';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationMap } from './LocationMap';
import { reverseGeocode, useAddressSuggestions, useMapsConfig } from './location-api';
import { initialPickerState, type PickerTab, pickerReducer, submitPicker } from './picker-state';

/**
 * The location picker (001 §2, §4, §5, §9): an address search (400 ms after typing; a failure
 * clears the suggestions) and a coordinates field (500 ms; malformed: invalid_format and the
 * position cleared), a map centred on Vienna where a click sets the position, and the name.
 * Loaded lazily by LocationField, with the map library.
 */
export default function LocationPicker({
  initial,
  onPick,
  onCancel,
}: {
  initial: Location | null;
  onPick: (location: Location) => void;
  onCancel: () => void;
}) {
  const config = useMapsConfig();
  if (config.isPending) return <Loader size="sm" />;
  const maps = config.data ?? { geocoder: false, tiles: null };
  return <PickerBody initial={initial} onPick={onPick} onCancel={onCancel} maps={maps} />;
}

function PickerBody({
  initial,
  onPick,
  onCancel,
  maps,
}: {
  initial: Location | null;
  onPick: (location: Location) => void;
  onCancel: () => void;
  maps: { geocoder: boolean; tiles: { url: string; attribution: string; max_zoom: number } | null };
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [state, dispatch] = useReducer(pickerReducer, initial, (start) =>
    initialPickerState(start, maps.geocoder),
  );
  const [address, setAddress] = useState('');
  const [debouncedAddress] = useDebouncedValue(address, ADDRESS_DEBOUNCE_MS);
  const [debouncedCoordinates] = useDebouncedValue(state.coordinatesText, COORDINATES_DEBOUNCE_MS);
  const { suggestions, isSearching } = useAddressSuggestions(
    debouncedAddress,
    language,
    maps.geocoder && state.tab === 'address',
  );

  // The coordinates apply once typing has settled (the debounced text is the current one), and
  // never an older text over a map click's or an address's newer one.
  const { coordinatesText, appliedText } = state;
  useEffect(() => {
    if (debouncedCoordinates === coordinatesText && debouncedCoordinates !== appliedText) {
      dispatch({ type: 'apply_coordinates', text: debouncedCoordinates });
    }
  }, [debouncedCoordinates, coordinatesText, appliedText]);

  const handleMapClick = (lat: number, lng: number) => {
    dispatch({ type: 'map_click', lat, lng });
    if (!maps.geocoder || state.nameTouched) return;
    const at = { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
    void reverseGeocode(at.lat, at.lng, language).then((name) => {
      if (name) dispatch({ type: 'reverse_name', ...at, name });
    });
  };

  const handleSubmit = () => {
    const result = submitPicker(state);
    if (result.location) onPick(result.location);
    else dispatch({ type: 'replace', state: result.state });
  };

  const { draft } = state;
  const position = draft.lat !== null && draft.lng !== null ? { lat: draft.lat, lng: draft.lng } : null;
  const positionError = state.errors.position ? t('location.position_required') : undefined;
  const showNoResults =
    maps.geocoder && !isSearching && debouncedAddress.trim().length >= 3 && suggestions.length === 0;

  return (
    <Stack gap="sm" data-testid="location-picker">
      <Tabs value={state.tab} onChange={(tab) => tab && dispatch({ type: 'tab', tab: tab as PickerTab })}>
        <Tabs.List grow>
          <Tabs.Tab value="address" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('location.tab_address')}
          </Tabs.Tab>
          <Tabs.Tab value="coordinates" leftSection={<IconMapPin size={16} aria-hidden />}>
            {t('location.tab_coordinates')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="address" pt="sm">
          {maps.geocoder ? (
            <Stack gap={4}>
              <TextInput
                label={t('location.address_label')}
                placeholder={t('location.address_placeholder')}
                value={address}
                onChange={(e) => setAddress(e.currentTarget.value)}
                rightSection={isSearching ? <Loader size="xs" /> : null}
                data-autofocus
              />
              {suggestions.length > 0 && (
                <Stack gap={0} role="listbox" aria-label={t('location.suggestions')}>
                  {suggestions.map((s) => (
                    <NavLink
                      key={`${s.lat},${s.lng},${s.location_name}`}
                      role="option"
                      label={s.location_name}
                      leftSection={<IconMapPin size={16} aria-hidden />}
                      active={draft.lat === s.lat && draft.lng === s.lng}
                      onClick={() => dispatch({ type: 'pick_address', result: s })}
                      styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                    />
                  ))}
                </Stack>
              )}
              {showNoResults && (
                <Text size="sm" c="dimmed">
                  {t('location.no_results')}
                </Text>
              )}
            </Stack>
          ) : (
            <Alert color="gray" variant="light" title={t('location.address_off_title')}>
              {t('location.address_off')}
            </Alert>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="coordinates" pt="sm">
          <TextInput
            label={t('location.coordinates_label')}
            description={t('location.coordinates_hint')}
            placeholder="48.2082 16.3738"
            inputMode="decimal"
            autoComplete="off"
            value={state.coordinatesText}
            onChange={(e) => dispatch({ type: 'type_coordinates', text: e.currentTarget.value })}
            error={state.inputError ? t('location.coordinates_invalid') : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </Tabs.Panel>
      </Tabs>
      {positionError && (
        <Text size="sm" c="red" role="alert">
          {positionError}
        </Text>
      )}
      {maps.tiles ? (
        <Stack gap={4}>
          <LocationMap
            tiles={maps.tiles}
            position={position}
            onPick={handleMapClick}
            label={t('location.map_label')}
          />
          <Text size="xs" c="dimmed">
            {t('location.map_hint')}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('location.map_off')}
        </Text>
      )}
      <TextInput
        label={t('location.name_label')}
        withAsterisk
        maxLength={LOCATION_NAME_MAX}
        value={draft.location_name}
        onChange={(e) => dispatch({ type: 'name', name: e.currentTarget.value })}
        error={
          state.errors.location_name === 'too_long'
            ? t('location.name_too_long')
            : state.errors.location_name
              ? t('location.name_required')
              : undefined
        }
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('location.cancel')}
        </Button>
        <Button onClick={handleSubmit}>{t('location.use')}</Button>
      </Group>
    </Stack>
  );
}
