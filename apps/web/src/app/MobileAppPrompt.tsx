import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandAndroid, IconBrandApple, IconDeviceMobile } from '@tabler/icons-react';
import { BREAKPOINT_TABLET } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const DISMISSED_KEY = 'workbench.mobile-prompt-dismissed';
const ANDROID_URL =
  import.meta.env.VITE_ANDROID_APP_URL ?? 'https://play.google.com/store/search?q=workbench&c=apps';
const IOS_URL = import.meta.env.VITE_IOS_APP_URL ?? 'https://apps.apple.com/search?term=workbench';

/** On narrow screens, offers the mobile app once per browser session; the dashboard layout shows it. */
export function MobileAppPrompt() {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery(`(max-width: ${BREAKPOINT_TABLET - 1}px)`);
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  const opened = !!isNarrow && !dismissed;

  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };

  return (
    <Modal opened={opened} onClose={dismiss} title={t('mobile_prompt.title')} centered radius="lg">
      <Stack align="stretch" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" mx="auto">
          <IconDeviceMobile size={30} />
        </ThemeIcon>
        <Text ta="center">{t('mobile_prompt.text')}</Text>
        <Button component="a" href={ANDROID_URL} leftSection={<IconBrandAndroid size={18} />}>
          {t('mobile_prompt.android')}
        </Button>
        <Button component="a" href={IOS_URL} leftSection={<IconBrandApple size={18} />}>
          {t('mobile_prompt.ios')}
        </Button>
        <Button variant="subtle" onClick={dismiss}>
          {t('mobile_prompt.continue')}
        </Button>
      </Stack>
    </Modal>
  );
}
