import { Alert, Anchor, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '@workbench/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { AuthLayout } from '../AuthLayout';
import { authApi } from '../auth-api';
import { CompanyAccountFields } from '../CompanyAccountFields';
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
  const set = (field: keyof typeof values, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { confirm_password, password, ...texts } = values;
    const local = { ...requiredErrors(texts), ...newPasswordErrors(password, confirm_password) };
    if (!local.email && emailError(values.email)) local.email = 'invalid_format';
    void form.submit(local, async () => {
      // The organisation starts in the browser's time zone (its schedules' dates and work hours).
      const time_zone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
      const login = await authApi.signup({ ...texts, password, language, time_zone });
      // A new organisation's admin starts with the getting-started steps (issue 21).
      navigate(await completeLogin(login, false, '/dashboard/onboarding'), { replace: true });
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
          <CompanyAccountFields values={values} onChange={set} fieldError={form.fieldError}>
            <TextInput
              label={t('common.email')}
              type="email"
              required
              autoComplete="email"
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={form.fieldError('email')}
            />
          </CompanyAccountFields>
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
            {/* Underlined: inside a sentence, colour alone does not mark a link (WCAG 1.4.1). */}
            <Anchor component={Link} to="/login" underline="always">
              {t('auth.log_in')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
