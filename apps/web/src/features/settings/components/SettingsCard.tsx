import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { createContext, useContext, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useNotify } from '../../../ui/feedback/use-notify';
import { UnsavedChangesGuard } from '../../public-forms/components/UnsavedChangesGuard';

/** One card's own copy of the values it edits, whether it differs from the saved ones, and a reset. */
export function useCardValues<T>(saved: T) {
  const [values, setValues] = useState<T>(saved);
  const [base, setBase] = useState<T>(saved);
  // A fresh saved value (after a save or a live change) replaces an untouched form.
  if (JSON.stringify(base) !== JSON.stringify(saved)) {
    const untouched = JSON.stringify(values) === JSON.stringify(base);
    setBase(saved);
    if (untouched) setValues(saved);
  }
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const set = <K extends keyof T>(key: K, value: T[K]) => setValues((v) => ({ ...v, [key]: value }));
  return { values, set, setValues, dirty, reset: () => setValues(saved) };
}

/** The API's field key for a setting ('settings.media_max_size') read back as the form's field name. */
export function fieldError(error: unknown, t: (key: string) => string) {
  const fields = error instanceof ApiError ? error.fields : {};
  return (name: string): string | undefined => {
    const hit = Object.entries(fields).find(([key]) => key === name || key.endsWith(`.${name}`));
    return hit ? t(`errors.${hit[1]}`) : undefined;
  };
}

const DirtyContext = createContext<(card: string, dirty: boolean) => void>(() => {});

/** Around a page of cards: one guard (a router allows one blocker) for unsaved changes in any card. */
export function UnsavedCardsGuard({ children }: { children: React.ReactNode }) {
  const [dirtyCards, setDirtyCards] = useState<Record<string, boolean>>({});
  const [report] = useState(
    () => (card: string, dirty: boolean) =>
      setDirtyCards((cards) => (cards[card] === dirty ? cards : { ...cards, [card]: dirty })),
  );
  return (
    <DirtyContext.Provider value={report}>
      {children}
      <UnsavedChangesGuard dirty={Object.values(dirtyCards).some(Boolean)} />
    </DirtyContext.Provider>
  );
}

/** A card of settings with its own Save: saved alone, and guarded against leaving unsaved. */
export function SettingsCard({
  title,
  dirty,
  saving,
  onSave,
  onReset,
  children,
  testId,
}: {
  title: string;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onReset: () => void;
  children: React.ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const report = useContext(DirtyContext);
  const id = useId();
  useEffect(() => report(id, dirty), [report, id, dirty]);
  useEffect(() => () => report(id, false), [report, id]);
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
        aria-label={title}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          {children}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" disabled={!dirty || saving} onClick={onReset}>
              {t('settings.discard')}
            </Button>
            <Button type="submit" disabled={!dirty} loading={saving}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Saves a card's patch; a refusal shows its text, field errors stay with the card. */
export function useCardSave() {
  const notify = useNotify();
  return {
    saved: () => notify.ok('settings.saved'),
    failed: (error: unknown) => notify.fail(error),
  };
}
