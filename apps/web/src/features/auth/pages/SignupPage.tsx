import { Alert, Anchor, Button, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '@workbench/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { AuthLayout } from '../AuthLayout';
import { authApi } from '../auth-api';
import { completeLogin } from '../complete-login';
import { useAuthForm } from '../use-auth-form';
import { emailError, newPasswordErrors, requiredErrors } from '../validation';

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useAuthForm();
  const [values, setValues] = useState({
    company_name: '',
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    confirm_password: '',
  });
  const [language, setLanguage] = useState<UiLanguage>(currentLanguage());
  // Read the value now: React may run the updater after the event's currentTarget is cleared.
  const set = (field: keyof typeof values) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { confirm_password, password, ...texts } = values;
    const local = { ...requiredErrors(texts), ...newPasswordErrors(password, confirm_password) };
    if (!local.email && emailError(values.email)) local.email = 'invalid_format';
    void form.submit(local, async () => {
      const login = await authApi.signup({ ...texts, password, language });
      navigate(await completeLogin(login, false), { replace: true });
    });
  };

  return (
    <AuthLayout title={t('auth.signup_title')} subtitle={t('auth.signup_subtitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {form.errorText && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {form.errorText}
            </Alert>
          )}
          <TextInput
            label={t('common.company_name')}
            required
            autoComplete="organization"
            value={values.company_name}
            onChange={set('company_name')}
            error={form.fieldError('company_name')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('common.first_name')}
              required
              autoComplete="given-name"
              value={values.first_name}
              onChange={set('first_name')}
              error={form.fieldError('first_name')}
            />
            <TextInput
              label={t('common.last_name')}
              required
              autoComplete="family-name"
              value={values.last_name}
              onChange={set('last_name')}
              error={form.fieldError('last_name')}
            />
          </Group>
          <TextInput
            label={t('common.email')}
            type="email"
            required
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={form.fieldError('email')}
          />
          <PasswordInput
            label={t('common.password')}
            description={t('auth.password_hint', { min: 8 })}
            required
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={form.fieldError('password')}
          />
          <PasswordInput
            label={t('common.confirm_password')}
            required
            autoComplete="new-password"
            value={values.confirm_password}
            onChange={set('confirm_password')}
            error={form.fieldError('confirm_password')}
          />
          <Select
            label={t('common.language')}
            data={UI_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            value={language}
            onChange={(v) => v && setLanguage(v as UiLanguage)}
            allowDeselect={false}
          />
          <Button type="submit" size="md" loading={form.sending} fullWidth>
            {t('auth.sign_up')}
          </Button>
          <Text ta="center" size="sm" c="dimmed">
            {t('auth.have_account')}{' '}
            <Anchor component={Link} to="/login">
              {t('auth.log_in')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
