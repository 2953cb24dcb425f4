import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconClock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../AuthLayout';
import { authApi } from '../auth-api';
import { completeLogin, originFrom } from '../complete-login';
import { sessionStore, useAuth } from '../session-store';
import { useAuthForm } from '../use-auth-form';
import { emailError, requiredErrors } from '../validation';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { expired } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const form = useAuthForm();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const local = { ...requiredErrors({ email, password }) };
    if (!local.email && emailError(email)) local.email = 'invalid_format';
    void form.submit(local, async () => {
      sessionStore.sending();
      try {
        const login = await authApi.login({ email, password, remember_me: rememberMe });
        navigate(await completeLogin(login, rememberMe, originFrom(location.state)), { replace: true });
      } catch (err) {
        sessionStore.failed((err as { key?: string }).key ?? 'login_failed');
        throw err;
      }
    });
  };

  return (
    <AuthLayout title={t('auth.login_title')} subtitle={t('auth.login_subtitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {expired && !form.errorText && (
            <Alert
              color="yellow"
              icon={<IconClock size={18} />}
              onClose={() => sessionStore.expiredSeen()}
              withCloseButton
            >
              {t('auth.session_expired')}
            </Alert>
          )}
          {form.errorText && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {form.errorText}
            </Alert>
          )}
          <TextInput
            label={t('common.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={form.fieldError('email')}
          />
          <PasswordInput
            label={t('common.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={form.fieldError('password')}
          />
          <Group justify="space-between">
            <Checkbox
              label={t('auth.remember_me')}
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.currentTarget.checked)}
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.forgot_password_link')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={form.sending} fullWidth>
            {t('auth.log_in')}
          </Button>
          <Text ta="center" size="sm" c="dimmed">
            {t('auth.no_account')}{' '}
            {/* Underlined: inside a sentence, colour alone does not mark a link (WCAG 1.4.1). */}
            <Anchor component={Link} to="/signup" underline="always">
              {t('auth.create_account')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
