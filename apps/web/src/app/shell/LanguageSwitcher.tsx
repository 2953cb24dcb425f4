import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LANGUAGE_NAMES, type UiLanguage } from '@workbench/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';

// The menu is a popover with a positioning library (~20 kB gzipped): it loads when the person
// reaches for the button, so the login page does not download it for the few who switch there.
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(() => loadMenu().then((m) => ({ default: m.LanguageMenu })));

/** The language button of the login pages and the dashboard header; the menu opens on the first click. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const language = (i18n.language as UiLanguage) ?? currentLanguage();
  const [menuShown, setMenuShown] = useState(false);

  const button = (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLanguage size={18} />}
      // The name holds the code the button shows, so speech input finds it too.
      aria-label={`${t('common.language')}: ${LANGUAGE_NAMES[language] ?? language} – ${language.toUpperCase()}`}
      aria-haspopup="menu"
      aria-expanded={false}
      // Fetched while the pointer approaches; a failure here shows again, and is handled, on click.
      onPointerEnter={() => void loadMenu().catch(() => undefined)}
      onClick={() => setMenuShown(true)}
    >
      {language.toUpperCase()}
    </Button>
  );
  if (!menuShown) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu language={language} target={button} />
    </Suspense>
  );
}
