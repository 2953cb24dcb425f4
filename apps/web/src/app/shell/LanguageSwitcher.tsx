import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../features/auth/auth-api';
import { sessionStore } from '../../features/auth/session-store';
import { changeLanguage, currentLanguage } from '../../i18n';

/** The ten languages by their own names; a logged-in user's choice is saved to their profile. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const language = (i18n.language as UiLanguage) ?? currentLanguage();

  const choose = async (code: UiLanguage) => {
    await changeLanguage(code);
    if (sessionStore.get().session) {
      const user = await authApi.updateMe({ language: code }).catch(() => null);
      if (user) sessionStore.userChanged(user);
    }
  };

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLanguage size={18} />}
          aria-label={`${t('common.language')}: ${LANGUAGE_NAMES[language] ?? language}`}
        >
          {language.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {UI_LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => void choose(code)}
            rightSection={code === language ? <IconCheck size={16} /> : null}
          >
            {LANGUAGE_NAMES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
