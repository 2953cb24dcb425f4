import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { crashScreenLanguage } from '@workbench/domain';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { currentLanguage } from '../../i18n';
import { isChunkLoadError, reloadAfterChunkError } from '../chunk-reload';
import { CRASH_TEXTS } from './crash-texts';

export function CrashScreen() {
  const texts = CRASH_TEXTS[crashScreenLanguage(currentLanguage())];
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm" maw={520} ta="center" role="alert">
        <Text fz={56} aria-hidden>
          🛠️
        </Text>
        <Title order={1}>{texts.title}</Title>
        <Text c="dimmed">{texts.report}</Text>
        <Text c="dimmed">{texts.later}</Text>
        <Button mt="md" size="md" onClick={() => window.location.reload()}>
          {texts.reload}
        </Button>
      </Stack>
    </Center>
  );
}

type State = { crashed: boolean };

/** Catches render errors anywhere below. A failed chunk load first tries one throttled reload. */
export class CrashBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { crashed: false };

  static getDerivedStateFromError(): State {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (isChunkLoadError(error) && reloadAfterChunkError()) return;
    console.error('Crash screen shown:', error, info.componentStack);
  }

  override render() {
    return this.state.crashed ? <CrashScreen /> : this.props.children;
  }
}
