import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../AuthLayout';
import { authApi } from '../auth-api';
import { useAuthForm } from '../use-auth-form';
import { emailError } from '../validation';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<'reset' | 'login_link' | null>(null);
  const form = useAuthForm();

  const send = (kind: 'reset' | 'login_link') => {
    const key = emailError(email);
    void form.submit(key ? { email: key } : {}, async () => {
      await (kind === 'reset' ? authApi.forgotPassword(email) : authApi.loginLink(email));
      setSent(kind);
    });
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    send('reset');
  };

  return (
    <AuthLayout title={t('auth.forgot_title')} subtitle={t('auth.forgot_subtitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {sent && (
            <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
              {t(sent === 'reset' ? 'auth.reset_link_sent' : 'auth.login_link_sent', { email })}
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
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={form.fieldError('email')}
          />
          <Button type="submit" size="md" loading={form.sending} fullWidth>
            {t('auth.send_reset_link')}
          </Button>
          <Button variant="subtle" onClick={() => send('login_link')} disabled={form.sending}>
            {t('auth.send_login_link')}
          </Button>
          <Anchor component={Link} to="/login" ta="center" size="sm">
            {t('common.back_to_login')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
