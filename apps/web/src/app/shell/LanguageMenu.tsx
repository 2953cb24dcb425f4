import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '@workbench/domain';
import type { ReactElement } from 'react';
import { authApi } from '../../features/auth/auth-api';
import { sessionStore } from '../../features/auth/session-store';
import { changeLanguage } from '../../i18n';

/** The ten languages by their own names; a logged-in user's choice is saved to their profile. */
export function LanguageMenu({ language, target }: { language: UiLanguage; target: ReactElement }) {
  const choose = async (code: UiLanguage) => {
    await changeLanguage(code);
    if (sessionStore.get().session) {
      const user = await authApi.updateMe({ language: code }).catch(() => null);
      if (user) sessionStore.userChanged(user);
    }
  };

  // Opened at once: it is rendered the first time the person clicks the language button.
  return (
    <Menu position="bottom-end" width={220} shadow="md" defaultOpened>
      <Menu.Target>{target}</Menu.Target>
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
