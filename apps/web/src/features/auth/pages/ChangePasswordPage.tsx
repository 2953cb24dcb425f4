import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../AuthLayout';
import { authApi } from '../auth-api';
import { completeLogin, HOME_PATH } from '../complete-login';
import { NewPasswordFields } from '../NewPasswordFields';
import { useAuth } from '../session-store';
import { useAuthForm } from '../use-auth-form';
import { newPasswordErrors } from '../validation';

/**
 * /change-password: with ?token= from the reset e-mail, choose a new password (and be logged in);
 * without a token, a logged-in person changes their password with the current one.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { session } = useAuth();
  if (token) return <ResetPasswordForm token={token} />;
  if (!session) return <Navigate to="/" replace state={{ from: '/change-password' }} />;
  return (
    <AuthLayout title={t('auth.change_title')} subtitle={t('auth.change_subtitle')}>
      <ChangePasswordForm />
    </AuthLayout>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useAuthForm();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(newPasswordErrors(password, confirm), async () => {
      const login = await authApi.resetPassword({ token, password });
      navigate(await completeLogin(login, false), { replace: true });
    });
  };

  return (
    <AuthLayout title={t('auth.reset_title')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {form.errorText && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {form.errorText}{' '}
              <Anchor component={Link} to="/forgot-password" size="sm">
                {t('auth.forgot_password_link')}
              </Anchor>
            </Alert>
          )}
          <NewPasswordFields
            label={t('auth.new_password')}
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            fieldError={form.fieldError}
          />
          <Button type="submit" size="md" loading={form.sending} fullWidth>
            {t('auth.save_password')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const form = useAuthForm();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const local = {
      ...newPasswordErrors(password, confirm),
      ...(current ? {} : { current_password: 'required' }),
    };
    void form.submit(local, async () => {
      await authApi.changePassword({ current_password: current, password });
      setCurrent('');
      setPassword('');
      setConfirm('');
      setDone(true);
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {done && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
            {t('auth.password_changed')}
          </Alert>
        )}
        {form.errorText && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {form.errorText}
          </Alert>
        )}
        <PasswordInput
          label={t('auth.current_password')}
          required
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={form.fieldError('current_password')}
        />
        <NewPasswordFields
          label={t('auth.new_password')}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          fieldError={form.fieldError}
        />
        <Button type="submit" size="md" loading={form.sending}>
          {t('auth.change_password')}
        </Button>
        <Anchor component={Link} to={HOME_PATH} ta="center" size="sm">
          {t('pages.go_home')}
        </Anchor>
      </Stack>
    </form>
  );
}
