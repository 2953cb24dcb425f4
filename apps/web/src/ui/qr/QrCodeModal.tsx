import './qr-print.css';
import { Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPrinter, IconRefresh } from '@tabler/icons-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ErrorPanel } from '../feedback/ErrorPanel';
import { useNotify } from '../feedback/use-notify';

/** The texts of the modal, already translated: each feature words its own code. */
export type QrCodeTexts = {
  title: string;
  /** The accessible name of the code's image. */
  alt: string;
  /** Under the code, on screen and on the printed sheet. */
  hint: string;
  loadFailed: string;
  print: string;
  regenerate: string;
  regenerateTitle: string;
  regenerateText: string;
  regenerateConfirm: string;
  cancel: string;
  regenerated: string;
};

/** What a page hands to its QR modal (the same for a workspace and an asset). */
export type QrModalProps = {
  opened: boolean;
  onClose: () => void;
  /** May the user replace the code (edit its owner)? */
  canRegenerate: boolean;
};

/**
 * A QR code (a workspace's, an asset's), large, with the name and reference number of what it
 * stands for, ready to print. Who may edit the owner can replace the code after a confirmation:
 * printed copies stop working. `buttons` go before Print (downloads, a close button).
 */
export function QrCodeModal({
  owner: { name, reference_number: referenceNumber },
  opened,
  onClose,
  qr,
  regenerate,
  canRegenerate,
  texts,
  buttons,
}: QrModalProps & {
  /** What the code stands for: its name and reference number head the modal and the sheet. */
  owner: { name: string; reference_number: string | null };
  /** The code as SVG text from our server. */
  qr: UseQueryResult<string>;
  regenerate: UseMutationResult<unknown, Error, void>;
  texts: QrCodeTexts;
  buttons?: ReactNode;
}) {
  const notify = useNotify();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const confirmRegenerate = () =>
    modals.openConfirmModal({
      title: texts.regenerateTitle,
      children: <Text size="sm">{texts.regenerateText}</Text>,
      labels: { confirm: texts.regenerateConfirm, cancel: texts.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        regenerate.mutate(undefined, {
          onSuccess: () => notify.okContent(texts.regenerated),
          onError: notify.fail,
        }),
    });

  return (
    <Modal opened={opened} onClose={onClose} title={texts.title} size="lg" fullScreen={isPhone} centered>
      <Stack align="center" gap="md">
        <Title order={2} ta="center">
          {name}
        </Title>
        {referenceNumber && (
          <Text size="lg" c="dimmed" ta="center">
            {referenceNumber}
          </Text>
        )}
        {qr.isPending && (
          <Center h={300}>
            <Loader />
          </Center>
        )}
        {qr.isError && <ErrorPanel title={texts.loadFailed} error={qr.error} onRetry={() => qr.refetch()} />}
        {qr.data && (
          <div
            className="qr-code"
            style={{ width: 'min(360px, 80vw)' }}
            role="img"
            aria-label={texts.alt}
            // Our own server's SVG of the code (qrcode package), nothing the user typed.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from our API
            dangerouslySetInnerHTML={{ __html: qr.data }}
          />
        )}
        <Text size="sm" c="dimmed" ta="center">
          {texts.hint}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="md" gap="xs">
        {canRegenerate && (
          <Button
            variant="subtle"
            color="red"
            mr="auto"
            leftSection={<IconRefresh size={18} />}
            onClick={confirmRegenerate}
            loading={regenerate.isPending}
          >
            {texts.regenerate}
          </Button>
        )}
        {buttons}
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!qr.data}>
          {texts.print}
        </Button>
      </Group>
      {qr.data && opened && (
        <QrPrintSheet name={name} referenceNumber={referenceNumber} svg={qr.data} hint={texts.hint} />
      )}
    </Modal>
  );
}

/**
 * The sheet window.print() shows (qr-print.css hides the rest of the page when printing): the
 * code with the name and reference number of what it stands for. Mount it only while its code
 * is on screen (one sheet at a time).
 */
export function QrPrintSheet({
  name,
  referenceNumber,
  svg,
  hint,
}: {
  name: string;
  referenceNumber: string | null;
  /** The code as SVG text from our server. */
  svg: string;
  hint: string;
}) {
  return createPortal(
    <div className="qr-sheet">
      <h1>{name}</h1>
      {referenceNumber && <p>{referenceNumber}</p>}
      <div
        className="qr-code"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from our API
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p>{hint}</p>
    </div>,
    document.body,
  );
}
