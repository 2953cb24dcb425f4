import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../AuthLayout';
import { authApi } from '../auth-api';
import { completeLogin } from '../complete-login';

/** /auth/tokenlogin?token=: a one-time login link logs in on arrival. */
export function TokenLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [failed, setFailed] = useState(!token);
  const started = useRef(false);

  useEffect(() => {
    // The token works once: make sure a re-render never sends it twice.
    if (!token || started.current) return;
    started.current = true;
    authApi
      .tokenLogin(token)
      .then((login) => completeLogin(login, false))
      .then((to) => navigate(to, { replace: true }))
      .catch(() => setFailed(true));
  }, [token, navigate]);

  return (
    <AuthLayout title={t('auth.token_login_title')}>
      {failed ? (
        <Stack>
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {t(token ? 'auth.token_login_failed' : 'auth.missing_token')}
          </Alert>
          <Anchor component={Link} to="/login" ta="center">
            {t('common.back_to_login')}
          </Anchor>
        </Stack>
      ) : (
        <Center py="lg">
          <Loader />
        </Center>
      )}
    </AuthLayout>
  );
}
