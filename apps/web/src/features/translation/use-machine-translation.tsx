import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { startConfigQuery } from '../config/use-config';
import { type Available, differs, shouldAsk, type Texts, translatedTexts } from './machine-translation';
import { type MachineKind, useMachineTranslationQuery, useTranslationStatus } from './translation-api';

/**
 * An issue's or workspace's texts in the reader's language (000 §3 available_translations, §7
 * translate/...; issue 22), with the 'show original' / 'show translation' switch. Asked once;
 * when the provider is off or fails, the original stays and no switch shows.
 */
export function useMachineTranslation<T extends Texts>(
  kind: MachineKind,
  id: number,
  source: T,
  available: Available,
): { shown: T; toggle: ReactNode } {
  const { t } = useTranslation();
  const language = currentLanguage();
  const status = useTranslationStatus();
  const config = useQuery({ ...startConfigQuery, enabled: false });
  const [showOriginal, setShowOriginal] = useState(false);
  const ask = shouldAsk({
    configured: status.data?.configured === true,
    language,
    organisationLanguage: config.data?.client?.settings.default_language,
    source,
    available,
  });
  const machine = useMachineTranslationQuery(kind, id, source, language, ask);
  const translated = translatedTexts(source, available, machine.data, language) as T;
  if (!differs(source, translated)) return { shown: source, toggle: null };
  return {
    shown: showOriginal ? source : translated,
    toggle: (
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconLanguage size={14} />}
        onClick={() => setShowOriginal((v) => !v)}
        aria-pressed={showOriginal}
        data-testid="translation-switch"
      >
        {showOriginal ? t('translation.show_translation') : t('translation.show_original')}
      </Button>
    ),
  };
}
