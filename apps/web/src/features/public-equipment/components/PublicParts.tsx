import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconCheck, IconLinkOff, IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import {
  EQUIPMENT_NOTE_MAX,
  EQUIPMENT_TEXT_MAX,
  type PublicEquipment,
  type PublicForm,
  type PublicFormFieldKey,
  publicFormText,
  tryResolveLanguage,
} from '@workbench/domain';
import { type FormEvent, Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { AuthLayout } from '../../auth/AuthLayout';
import { useReportFound } from '../public-api';

/** The frame of every public equipment page: the product's header, one card, phone first. */
export function PublicFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      {children}
    </AuthLayout>
  );
}

export function PublicLoading({ title }: { title: string }) {
  return (
    <PublicFrame title={title}>
      <Center py="xl">
        <Loader aria-label={title} />
      </Center>
    </PublicFrame>
  );
}

/**
 * A code or link that leads nowhere (unknown, expired, used): said plainly. A failure that may
 * pass (no connection, too many requests) offers to try again.
 */
export function PublicProblem({
  error,
  invalidText,
  onRetry,
}: {
  error: unknown;
  invalidText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // An unknown code or a spent link stays so; no connection or too many requests may pass.
  const gone =
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429;
  return (
    <PublicFrame title={gone ? t('public-equipment.invalid_title') : t('public-equipment.problem_title')}>
      <Stack align="center" ta="center" gap="md" data-testid="public-equipment-invalid">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconLinkOff size={30} aria-hidden />
        </ThemeIcon>
        <Text>{gone ? invalidText : errorText(error)}</Text>
        {!gone && (
          <Button variant="light" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </PublicFrame>
  );
}

/** What the finder may see: picture, name, whose it is, and a group's items. */
export function PublicEquipmentSummary({ info }: { info: PublicEquipment }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="public-equipment-summary">
      {info.picture_url && (
        <Image src={info.picture_url} alt={info.title} radius="md" mah={220} fit="contain" />
      )}
      <Text size="sm">{t('public-equipment.belongs_to', { organisation: info.organisation })}</Text>
      {info.workspace && (
        <Text size="sm" c="dimmed">
          {t('public-equipment.workspace', { workspace: info.workspace })}
        </Text>
      )}
      {info.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {info.description}
        </Text>
      )}
      {info.equipment.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('public-equipment.group_items', { count: info.equipment.length })}
          </Text>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {info.equipment.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a public answer carries no ids; titles may repeat
              <Group key={`${item.title}-${index}`} gap="xs" wrap="nowrap" component="li">
                {item.picture_url ? (
                  <Image src={item.picture_url} alt="" w={32} h={32} radius="sm" fit="cover" />
                ) : null}
                <Text size="sm">{item.title}</Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

type Location =
  | { state: 'none' }
  | { state: 'asking' }
  | { state: 'shared'; latitude: number; longitude: number }
  | { state: 'refused' }
  | { state: 'unavailable' };

/**
 * "I found it": name, contact and message (all optional), and the location when the finder
 * shares it (the browser asks; refused or impossible is said, and the report goes without).
 * Sent, it shows the thank-you.
 */
export function FoundForm({ code, group, form }: { code: string; group: boolean; form: PublicForm }) {
  const { t, i18n } = useTranslation();
  const language = tryResolveLanguage(i18n.language) ?? 'en';
  const errorText = useErrorText();
  const report = useReportFound(code, group);
  const [values, setValues] = useState({ finder_name: '', finder_contact: '', message: '' });
  const [location, setLocation] = useState<Location>({ state: 'none' });
  const [sent, setSent] = useState(false);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  // The organisation's form (public_page_configurator/equipment): its fields in its order, its
  // required marks and its texts in the page's language, else the product's own.
  const shown = form.fields.filter((f) => f.visible);
  const fieldOf = (key: PublicFormFieldKey) => shown.find((f) => f.key === key);
  const heading = publicFormText(form, language, 'title') ?? t('public-equipment.found_heading');
  const intro =
    publicFormText(form, language, 'intro') ??
    (shown.some((f) => f.required)
      ? t('public-equipment.found_intro_required')
      : t('public-equipment.found_intro'));
  const thankYou = publicFormText(form, language, 'thank_you') ?? t('public-equipment.thank_you_text');

  const shareLocation = () => {
    if (!('geolocation' in navigator)) {
      setLocation({ state: 'unavailable' });
      return;
    }
    setLocation({ state: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setLocation({
          state: 'shared',
          latitude: Math.round(position.coords.latitude * 1e6) / 1e6,
          longitude: Math.round(position.coords.longitude * 1e6) / 1e6,
        }),
      (error) => setLocation({ state: error.code === error.PERMISSION_DENIED ? 'refused' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = new Set<string>();
    for (const f of shown) {
      if (!f.required) continue;
      if (f.key === 'location') {
        // A location the browser cannot give does not hold the report back.
        if (location.state === 'none' || location.state === 'asking') empty.add(f.key);
      } else if (!values[f.key as keyof typeof values]?.trim()) empty.add(f.key);
    }
    setMissing(empty);
    if (empty.size) return;
    try {
      await report.mutateAsync({
        finder_name: (fieldOf('finder_name') && values.finder_name) || null,
        finder_contact: (fieldOf('finder_contact') && values.finder_contact) || null,
        message: (fieldOf('message') && values.message) || null,
        ...(fieldOf('location') && location.state === 'shared'
          ? { latitude: location.latitude, longitude: location.longitude }
          : {}),
      });
      setSent(true);
    } catch {
      // Shown below from report.error.
    }
  };
  const fieldError = (field: string) =>
    missing.has(field)
      ? t('errors.required')
      : report.error instanceof ApiError && report.error.fields[field]
        ? errorText(report.error.fields[field])
        : undefined;
  const edit = (key: keyof typeof values, value: string) => {
    setValues({ ...values, [key]: value });
    if (missing.has(key)) setMissing(new Set([...missing].filter((k) => k !== key)));
  };

  if (sent) {
    return (
      <Stack align="center" ta="center" gap="sm" py="md" data-testid="found-thank-you" role="status">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconCheck size={30} aria-hidden />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {t('public-equipment.thank_you_title')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{thankYou}</Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Text fw={600}>{heading}</Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {intro}
        </Text>
        {shown.map((f) => (
          <Fragment key={f.key}>
            {f.key === 'finder_name' && (
              <TextInput
                label={t('public-equipment.finder_name')}
                autoComplete="name"
                required={f.required}
                value={values.finder_name}
                maxLength={EQUIPMENT_TEXT_MAX}
                onChange={(e) => edit('finder_name', e.currentTarget.value)}
                error={fieldError('finder_name')}
              />
            )}
            {f.key === 'finder_contact' && (
              <TextInput
                label={t('public-equipment.finder_contact')}
                description={t('public-equipment.finder_contact_hint')}
                autoComplete="email"
                required={f.required}
                value={values.finder_contact}
                maxLength={EQUIPMENT_TEXT_MAX}
                onChange={(e) => edit('finder_contact', e.currentTarget.value)}
                error={fieldError('finder_contact')}
              />
            )}
            {f.key === 'message' && (
              <Textarea
                label={t('public-equipment.message')}
                placeholder={t('public-equipment.message_placeholder')}
                required={f.required}
                value={values.message}
                maxLength={EQUIPMENT_NOTE_MAX}
                autosize
                minRows={3}
                onChange={(e) => edit('message', e.currentTarget.value)}
                error={fieldError('message')}
              />
            )}
            {f.key === 'location' && (
              <Stack gap={4}>
                <Button
                  variant="light"
                  leftSection={<IconMapPin size={18} aria-hidden />}
                  onClick={() => {
                    setMissing(new Set([...missing].filter((k) => k !== 'location')));
                    shareLocation();
                  }}
                  loading={location.state === 'asking'}
                  disabled={location.state === 'shared'}
                  fullWidth
                >
                  {f.required
                    ? `${t('public-equipment.share_location')} *`
                    : t('public-equipment.share_location')}
                </Button>
                <LocationNote location={location} required={f.required} />
                {missing.has('location') && (
                  <Text size="xs" c="var(--mantine-color-error)" role="alert" ta="center">
                    {t('public-equipment.location_required')}
                  </Text>
                )}
              </Stack>
            )}
          </Fragment>
        ))}
        {report.error && !Object.keys(report.error instanceof ApiError ? report.error.fields : {}).length && (
          <Alert color="red" role="alert" p="xs">
            {errorText(report.error)}
          </Alert>
        )}
        <Button type="submit" size="md" loading={report.isPending} fullWidth data-testid="found-submit">
          {t('public-equipment.send_found')}
        </Button>
      </Stack>
    </form>
  );
}

function LocationNote({ location, required }: { location: Location; required: boolean }) {
  const { t } = useTranslation();
  if (location.state === 'shared')
    return (
      <Group gap={6} justify="center">
        <Badge color="teal" variant="light" leftSection={<IconMapPin size={12} aria-hidden />}>
          {t('public-equipment.location_shared')}
        </Badge>
        <Text size="xs" c="dimmed">
          {location.latitude.toFixed(5)}, {location.longitude.toFixed(5)}
        </Text>
      </Group>
    );
  if (location.state === 'refused' || location.state === 'unavailable')
    return (
      <Group gap={6} justify="center" wrap="nowrap" role="status">
        <IconMapPinOff size={16} aria-hidden />
        <Text size="xs" c="dimmed">
          {location.state === 'refused'
            ? t('public-equipment.location_refused')
            : t('public-equipment.location_unavailable')}
        </Text>
      </Group>
    );
  return (
    <Text size="xs" c="dimmed" ta="center">
      {required ? t('public-equipment.location_asked') : t('public-equipment.location_optional')}
    </Text>
  );
}
