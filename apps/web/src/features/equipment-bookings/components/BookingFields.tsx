import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconUser, IconUserPlus, IconX } from '@tabler/icons-react';
import {
  EQUIPMENT_NOTE_MAX,
  type EquipmentBulkResult,
  type EquipmentHolder,
  readClientSettings,
  SEARCH_DEBOUNCE_MS,
  todayIn,
} from '@workbench/domain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useAuth } from '../../auth/session-store';
import { useClientSettings } from '../../profiles/profiles-api';
import { useCreateExternalHolder, useExternalHolderOptions } from '../booking-api';

export { BookingDates, DayInput } from './DayFields';

// The people picker is a large modal, loaded when it opens.
const PeoplePicker = lazy(() =>
  import('../../../ui/picker/PeoplePicker').then((m) => ({ default: m.PeoplePicker })),
);

/** "Today" of the organisation (its time zone), the day the server measures bookings by. */
export function useOrganisationToday(): string {
  const settings = useClientSettings() ?? readClientSettings({});
  return todayIn(settings.time_zone);
}

/** Who takes the equipment: a person of the organisation or an external holder. */
export type HolderChoice =
  | { kind: 'person'; id: number; name: string }
  | { kind: 'external'; id: number; name: string }
  | null;

export function holderBody(holder: HolderChoice): { holder_id?: number; external_holder_id?: number } {
  if (!holder) return {};
  return holder.kind === 'person' ? { holder_id: holder.id } : { external_holder_id: holder.id };
}

/** The holder a booking names, as a choice (changing a reservation keeps it). */
export function holderOf(holder: EquipmentHolder | null): HolderChoice {
  if (!holder) return null;
  return { kind: holder.is_public_user ? 'external' : 'person', id: holder.id, name: holder.full_name };
}

/** The caller as a holder: who a booking is for unless a manager picks someone else. */
export function useSelfHolder(): HolderChoice {
  const user = useAuth().session?.user;
  return user ? { kind: 'person', id: user.id, name: user.full_name } : null;
}

/**
 * The holder field of the handout and reserve dialogs: a person (the people picker) or an
 * external holder (a searching select, with "add external holder" inline). Someone who may not
 * choose (a member booking for themselves) sees who it is for.
 */
export function HolderField({
  value,
  onChange,
  canChoose,
  workspaceId,
  error,
}: {
  value: HolderChoice;
  onChange: (holder: HolderChoice) => void;
  canChoose: boolean;
  workspaceId?: number;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'person' | 'external'>(value?.kind ?? 'person');
  const [picking, setPicking] = useState(false);
  if (!canChoose) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('equipment-bookings.holder')}
        </Text>
        <Group gap="xs">
          <IconUser size={16} aria-hidden />
          <Text size="sm">{value?.name ?? '—'}</Text>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="booking-holder-label">
        {t('equipment-bookings.holder')}
      </Text>
      <SegmentedControl
        aria-labelledby="booking-holder-label"
        value={kind}
        onChange={(v) => {
          setKind(v as 'person' | 'external');
          if (value && value.kind !== v) onChange(null);
        }}
        data={[
          { value: 'person', label: t('equipment-bookings.holder_person') },
          { value: 'external', label: t('equipment-bookings.holder_external') },
        ]}
        fullWidth
      />
      {kind === 'person' ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate data-testid="booking-holder-name">
            {value?.kind === 'person' ? value.name : t('equipment-bookings.no_holder')}
          </Text>
          <Button variant="default" size="xs" onClick={() => setPicking(true)}>
            {t('equipment-bookings.choose_person')}
          </Button>
        </Group>
      ) : (
        <ExternalHolderSelect value={value?.kind === 'external' ? value : null} onChange={onChange} />
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      {picking && (
        <Suspense fallback={null}>
          <PeoplePicker
            opened
            mode="single"
            workspaceId={workspaceId}
            allowExternals={false}
            onClose={() => setPicking(false)}
            onDone={(people) => {
              const person = people[0];
              onChange(person ? { kind: 'person', id: person.id, name: person.full_name } : null);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** A select over GET equipment/external_holder (searching as one types), and the inline add form. */
function ExternalHolderSelect({
  value,
  onChange,
}: {
  value: { id: number; name: string } | null;
  onChange: (holder: HolderChoice) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  // The chosen holder's label fills the search box: that is no search.
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const options = useExternalHolderOptions(
    value && (search === chosenLabel || search === value.name) ? '' : debounced,
  );
  const create = useCreateExternalHolder();
  const [form, setForm] = useState({ full_name: '', company: '', email: '', phone: '' });
  const [formError, setFormError] = useState<unknown>(null);

  // Stable options: the select re-reads its chosen option whenever `data` is a new array, and
  // with a chosen value that loops (Maximum update depth) if every render makes a new one.
  const holders = options.data?.data;
  const valueId = value?.id;
  const valueName = value?.name;
  const data = useMemo(() => {
    const list = (holders ?? []).map((h) => ({
      value: String(h.id),
      label: h.company ? `${h.full_name} (${h.company})` : h.full_name,
    }));
    if (valueId !== undefined && valueName !== undefined && !list.some((d) => d.value === String(valueId)))
      list.unshift({ value: String(valueId), label: chosenLabel ?? valueName });
    return list;
  }, [holders, valueId, valueName, chosenLabel]);

  const add = async () => {
    setFormError(null);
    if (!form.full_name.trim()) {
      setFormError('required');
      return;
    }
    try {
      const created = await create.mutateAsync({
        full_name: form.full_name,
        company: form.company || null,
        email: form.email || null,
        phone: form.phone || null,
      });
      setChosenLabel(created.company ? `${created.full_name} (${created.company})` : created.full_name);
      onChange({ kind: 'external', id: created.id, name: created.full_name });
      setAdding(false);
      setForm({ full_name: '', company: '', email: '', phone: '' });
    } catch (err) {
      setFormError(err);
    }
  };
  const fieldError = (field: string) =>
    formError instanceof ApiError && formError.fields[field] ? errorText(formError.fields[field]) : null;

  return (
    <Stack gap={6}>
      <Select
        label={t('equipment-bookings.external_holder')}
        placeholder={t('equipment-bookings.search_external_holder')}
        searchable
        clearable
        data={data}
        value={value ? String(value.id) : null}
        onChange={(id, option) => {
          setChosenLabel(id ? option.label : null);
          onChange(
            id ? { kind: 'external', id: Number(id), name: option.label.replace(/ \(.*\)$/, '') } : null,
          );
        }}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={
          options.isFetching ? t('equipment-bookings.loading') : t('equipment-bookings.no_external_holders')
        }
      />
      {adding ? (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('equipment-bookings.add_external_holder')}
            </Text>
            <TextInput
              label={t('equipment-bookings.holder_name')}
              required
              value={form.full_name}
              onChange={(e) => setForm({ ...form, full_name: e.currentTarget.value })}
              error={formError === 'required' ? errorText('required') : fieldError('full_name')}
            />
            <TextInput
              label={t('equipment-bookings.holder_company')}
              value={form.company}
              onChange={(e) => setForm({ ...form, company: e.currentTarget.value })}
              error={fieldError('company')}
            />
            <TextInput
              label={t('equipment-bookings.holder_email')}
              type="email"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
              error={fieldError('email')}
            />
            <TextInput
              label={t('equipment-bookings.holder_phone')}
              type="tel"
              value={form.phone}
              onChange={(e) => setForm({ ...form, phone: e.currentTarget.value })}
              error={fieldError('phone')}
            />
            {formError !== null &&
              formError !== 'required' &&
              !(formError instanceof ApiError && Object.keys(formError.fields).length) && (
                <Text size="xs" c="red" role="alert">
                  {errorText(formError)}
                </Text>
              )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setAdding(false)}>
                {t('equipment-bookings.cancel')}
              </Button>
              <Button size="xs" onClick={() => void add()} loading={create.isPending}>
                {t('equipment-bookings.add_holder')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconUserPlus size={14} />}
          onClick={() => {
            setForm((f) => ({ ...f, full_name: f.full_name || search }));
            setAdding(true);
          }}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('equipment-bookings.add_external_holder')}
        </Button>
      )}
    </Stack>
  );
}

/** The holder's name with an "External" badge for someone outside the organisation. */
export function HolderName({ holder }: { holder: EquipmentHolder | null }) {
  const { t } = useTranslation();
  if (!holder) return <Text span>—</Text>;
  return (
    <Group gap={6} wrap="wrap" component="span">
      <Text span fw={500}>
        {holder.full_name}
      </Text>
      {holder.company && (
        <Text span size="sm" c="dimmed">
          {holder.company}
        </Text>
      )}
      {holder.is_public_user && (
        <Badge size="xs" variant="light" color="grape">
          {t('equipment-bookings.external')}
        </Badge>
      )}
    </Group>
  );
}

/** "1 buffer day before", "2 buffer days after", or nothing. */
export function useBufferText() {
  const { t } = useTranslation();
  return (before: number, after: number) =>
    [
      before > 0 ? t('equipment-bookings.buffer_before', { count: before }) : null,
      after > 0 ? t('equipment-bookings.buffer_after', { count: after }) : null,
    ]
      .filter(Boolean)
      .join(', ');
}

/**
 * An error of a booking call as a sentence: its key's text, and for a 409 equipment_not_available
 * the items whose held days are in the way.
 */
export function useBookingErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (error: unknown, conflicting: string[] = []) => {
    const text = errorText(error);
    if (error instanceof ApiError && error.key === 'equipment_not_available' && conflicting.length)
      return `${text} ${t('equipment-bookings.not_available_items', { items: conflicting.join(', ') })}`;
    return text;
  };
}

/** What a call on several items did: each done and each refused item with its reason. */
export function BulkResultList({
  result,
  titleOf,
}: {
  result: EquipmentBulkResult;
  titleOf: (id: number) => string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Stack gap="xs" data-testid="booking-bulk-result">
      <Text size="sm" fw={500}>
        {t('equipment-bookings.result_summary', {
          done: result.done.length,
          total: result.done.length + result.not_done.length,
        })}
      </Text>
      <List spacing={4} size="sm" center>
        {result.done.map((id) => (
          <List.Item
            key={`done-${id}`}
            icon={
              <ThemeIcon size={18} radius="xl" color="teal" variant="light">
                <IconCheck size={12} aria-hidden />
              </ThemeIcon>
            }
          >
            {titleOf(id)} — {t('equipment-bookings.result_done')}
          </List.Item>
        ))}
        {result.not_done.map((refusal) => (
          <List.Item
            key={`not-${refusal.id}`}
            icon={
              <ThemeIcon size={18} radius="xl" color="red" variant="light">
                <IconX size={12} aria-hidden />
              </ThemeIcon>
            }
          >
            {titleOf(refusal.id)} — {errorText(refusal.error)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** A failure inside a dialog. */
export function DialogError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert color="red" role="alert" p="xs">
      {text}
    </Alert>
  );
}

/** A booking's note (handout, reservation). */
export function NoteField({ value, onChange }: { value: string; onChange: (note: string) => void }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('equipment-bookings.note')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={EQUIPMENT_NOTE_MAX}
      autosize
      minRows={2}
    />
  );
}

/** A dialog's Cancel and confirm buttons (the confirm one named by `label`, test id `testId`). */
export function DialogActions({
  label,
  pending,
  onCancel,
  onConfirm,
  testId,
}: {
  label: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t('equipment-bookings.cancel')}
      </Button>
      <Button onClick={onConfirm} loading={pending} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}
