import { Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconDeviceMobile, IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseInstallOffer } from './install-offer';
import { isStandalone, promptInstall, useCanPromptInstall } from './install-prompt';

/**
 * The phone prompt's dialog (src/app/MobileAppPrompt.tsx decides when it opens). Only what
 * exists: the organisation's native apps when their store addresses are configured
 * (VITE_ANDROID_APP_URL, VITE_IOS_APP_URL), else this web app on the home screen: the browser's
 * own install dialog where it offers one, the Share steps on iPhone and iPad, the browser menu's
 * steps elsewhere.
 */
export function MobileAppOffer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const canPrompt = useCanPromptInstall();
  const offer = useMemo(
    () =>
      chooseInstallOffer({
        userAgent: navigator.userAgent,
        maxTouchPoints: navigator.maxTouchPoints ?? 0,
        standalone: isStandalone(),
        canPrompt,
        androidUrl: import.meta.env.VITE_ANDROID_APP_URL,
        iosUrl: import.meta.env.VITE_IOS_APP_URL,
      }),
    [canPrompt],
  );
  const install = async () => {
    // Whatever the person answers in the browser's dialog, this prompt has done its part.
    await promptInstall().catch(() => 'dismissed');
    onClose();
  };

  return (
    <Modal
      opened={offer.kind !== 'none'}
      onClose={onClose}
      title={t('mobile_prompt.title')}
      centered
      radius="lg"
    >
      <Stack align="stretch" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" mx="auto" aria-hidden>
          <IconDeviceMobile size={30} />
        </ThemeIcon>
        {offer.kind === 'stores' ? (
          <>
            <Text ta="center">{t('mobile_prompt.text')}</Text>
            {offer.android && (
              <Button component="a" href={offer.android} leftSection={<IconBrandAndroid size={18} />}>
                {t('mobile_prompt.android')}
              </Button>
            )}
            {offer.ios && (
              <Button component="a" href={offer.ios} leftSection={<IconBrandApple size={18} />}>
                {t('mobile_prompt.ios')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Text ta="center">{t('mobile_prompt.install_text')}</Text>
            {offer.kind === 'prompt' && (
              <Button leftSection={<IconDownload size={18} />} onClick={install}>
                {t('mobile_prompt.install')}
              </Button>
            )}
            {(offer.kind === 'ios-steps' || offer.kind === 'menu-steps') && (
              <Stack gap={6}>
                <Text fw={600} id="mobile-prompt-steps">
                  {t('mobile_prompt.install')}
                </Text>
                <List type="ordered" spacing={4} aria-labelledby="mobile-prompt-steps">
                  {offer.kind === 'ios-steps' ? (
                    <>
                      <List.Item>{t('mobile_prompt.ios_step_share')}</List.Item>
                      <List.Item>{t('mobile_prompt.ios_step_add')}</List.Item>
                    </>
                  ) : (
                    <>
                      <List.Item>{t('mobile_prompt.menu_step_open')}</List.Item>
                      <List.Item>{t('mobile_prompt.menu_step_add')}</List.Item>
                    </>
                  )}
                </List>
              </Stack>
            )}
          </>
        )}
        <Button variant="subtle" onClick={onClose}>
          {t('mobile_prompt.continue')}
        </Button>
      </Stack>
    </Modal>
  );
}
