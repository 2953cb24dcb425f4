import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../AuthLayout';
import { authApi } from '../auth-api';
import { completeLogin } from '../complete-login';
import { NewPasswordFields } from '../NewPasswordFields';
import { useAuthForm } from '../use-auth-form';
import { newPasswordErrors } from '../validation';

export function ActivateAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const form = useAuthForm();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  if (!token) {
    return (
      <AuthLayout title={t('auth.activate_title')}>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {t('auth.missing_token')}
        </Alert>
      </AuthLayout>
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(newPasswordErrors(password, confirm), async () => {
      const login = await authApi.activate({
        token,
        password,
        ...(firstName.trim() ? { first_name: firstName } : {}),
        ...(lastName.trim() ? { last_name: lastName } : {}),
      });
      navigate(await completeLogin(login, false), { replace: true });
    });
  };

  return (
    <AuthLayout title={t('auth.activate_title')} subtitle={t('auth.activate_subtitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {form.errorText && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {form.errorText}
            </Alert>
          )}
          <Group grow align="flex-start">
            <TextInput
              label={t('common.first_name')}
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={form.fieldError('first_name')}
            />
            <TextInput
              label={t('common.last_name')}
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={form.fieldError('last_name')}
            />
          </Group>
          <NewPasswordFields
            label={t('common.password')}
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            fieldError={form.fieldError}
          />
          <Button type="submit" size="md" loading={form.sending} fullWidth>
            {t('auth.activate')}
          </Button>
          <Anchor component={Link} to="/login" ta="center" size="sm">
            {t('common.back_to_login')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
