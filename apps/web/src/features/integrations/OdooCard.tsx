import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { ODOO_MODELS, type OdooModel } from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useNotify } from '../../ui/feedback/use-notify';
import {
  useOdooConnection,
  useRemoveOdooConnection,
  useSaveOdooConnection,
  useTestOdooConnection,
} from './odoo-api';

type Values = { url: string; database: string; username: string; api_key: string; model: OdooModel };

const EMPTY: Values = { url: '', database: '', username: '', api_key: '', model: 'maintenance.request' };

/**
 * Settings → general, for admins (issue 22): the organisation's Odoo connection. The API key is
 * write-only: once saved the field stays empty and says a key is set; leaving it empty keeps it.
 */
export function OdooCard() {
  const { t } = useTranslation();
  const notify = useNotify();
  const connection = useOdooConnection();
  const save = useSaveOdooConnection();
  const remove = useRemoveOdooConnection();
  const test = useTestOdooConnection();
  const [values, setValues] = useState<Values>(EMPTY);
  const [testResult, setTestResult] = useState<{ success: boolean; message: string | null } | null>(null);
  const data = connection.data;
  useEffect(() => {
    if (!data) return;
    setValues({
      url: data.url ?? '',
      database: data.database ?? '',
      username: data.username ?? '',
      api_key: '',
      model: data.model ?? 'maintenance.request',
    });
  }, [data]);
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const error = (name: string) => (fields[name] ? t(`errors.${fields[name]}`) : undefined);
  const set = (key: keyof Values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = () => {
    setTestResult(null);
    save.mutate(
      { ...values, api_key: values.api_key || undefined },
      { onSuccess: () => notify.ok('integrations.odoo.saved'), onError: notify.fail },
    );
  };
  const runTest = () =>
    test.mutate(undefined, {
      onSuccess: (result) => setTestResult(result),
      onError: notify.fail,
    });
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('integrations.odoo.remove'),
      centered: true,
      children: <Text size="sm">{t('integrations.odoo.remove_confirm')}</Text>,
      labels: { confirm: t('integrations.odoo.remove'), cancel: t('integrations.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            setTestResult(null);
            notify.ok('integrations.odoo.removed');
          },
          onError: notify.fail,
        }),
    });

  return (
    <Card withBorder padding="lg" radius="md" data-testid="settings-odoo">
      <form
        aria-label={t('integrations.odoo.title')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4">
              {t('integrations.odoo.title')}
            </Title>
            {data && (
              <Badge color={data.connected ? 'teal' : 'gray'} variant="light">
                {data.connected ? t('integrations.odoo.connected') : t('integrations.odoo.not_connected')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('integrations.odoo.hint')}
          </Text>
          <TextInput
            label={t('integrations.odoo.url')}
            placeholder="https://example.odoo.com"
            value={values.url}
            onChange={(e) => set('url', e.currentTarget.value)}
            error={error('url')}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('integrations.odoo.database')}
              value={values.database}
              onChange={(e) => set('database', e.currentTarget.value)}
              error={error('database')}
              required
            />
            <TextInput
              label={t('integrations.odoo.username')}
              value={values.username}
              onChange={(e) => set('username', e.currentTarget.value)}
              error={error('username')}
              required
              autoComplete="off"
            />
          </SimpleGrid>
          <PasswordInput
            label={t('integrations.odoo.api_key')}
            description={data?.has_api_key ? t('integrations.odoo.api_key_set') : undefined}
            value={values.api_key}
            onChange={(e) => set('api_key', e.currentTarget.value)}
            error={error('api_key')}
            required={!data?.has_api_key}
            autoComplete="new-password"
          />
          <Select
            label={t('integrations.odoo.model')}
            value={values.model}
            allowDeselect={false}
            data={ODOO_MODELS.map((m) => ({
              value: m,
              label: t(`integrations.odoo.models.${m.replace('.', '_')}`),
            }))}
            onChange={(value) => value && set('model', value)}
            error={error('model')}
          />
          {testResult && (
            <Alert color={testResult.success ? 'teal' : 'red'} data-testid="odoo-test-result">
              {testResult.success
                ? t('integrations.odoo.test_ok')
                : t('integrations.odoo.test_failed', { message: testResult.message ?? '' })}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs" wrap="wrap">
            {data?.connected && (
              <>
                <Button variant="subtle" color="red" onClick={confirmRemove} loading={remove.isPending}>
                  {t('integrations.odoo.remove')}
                </Button>
                <Button variant="default" onClick={runTest} loading={test.isPending}>
                  {t('integrations.odoo.test')}
                </Button>
              </>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('integrations.odoo.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
