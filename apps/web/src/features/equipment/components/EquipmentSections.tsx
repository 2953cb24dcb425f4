import '../../../ui/qr/qr-print.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import {
  IconDownload,
  IconHistory,
  IconMapPin,
  IconMapPinOff,
  IconPrinter,
  IconQrcode,
  IconScan,
  IconUserSearch,
} from '@tabler/icons-react';
import type { Equipment } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { QrPrintSheet } from '../../../ui/qr/QrCodeModal';
import { useQrDownload } from '../../../ui/qr/qr-download';
import { formatDateTime } from '../../issues/issue-helpers';
import {
  equipmentQrBlob,
  useEquipmentActivity,
  useEquipmentQrSvg,
  useEquipmentScanLog,
} from '../equipment-api';

export const EQUIPMENT_SECTIONS = ['activity', 'qr', 'scans'] as const;
export type EquipmentSection = (typeof EQUIPMENT_SECTIONS)[number];

const SECTION_ICONS = { activity: IconHistory, qr: IconQrcode, scans: IconScan } as const;

/**
 * The tabs of the item's detail (001 §2): activity log, QR code (to download and print) and, for
 * who manages the item, the QR scan log with finders' reports; only the open tab loads.
 */
export function EquipmentSections({
  item,
  section,
  onSection,
}: {
  item: Equipment;
  section: EquipmentSection;
  onSection: (section: EquipmentSection) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md">
      <Tabs value={section} onChange={(v) => v && onSection(v as EquipmentSection)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {EQUIPMENT_SECTIONS.filter((s) => s !== 'scans' || item.can_manage).map((s) => {
            const Icon = SECTION_ICONS[s];
            return (
              <Tabs.Tab
                key={s}
                value={s}
                leftSection={<Icon size={16} aria-hidden />}
                data-testid={`equipment-tab-${s}`}
              >
                {t(`equipment.sections.${s}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="activity" pt="md">
          <ActivityLog equipmentId={item.id} />
        </Tabs.Panel>
        <Tabs.Panel value="qr" pt="md">
          <QrCode item={item} />
        </Tabs.Panel>
        {/* The scan log is its managers' (the server answers 403 to anyone else). */}
        {item.can_manage && (
          <Tabs.Panel value="scans" pt="md">
            <ScanLog equipmentId={item.id} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Card>
  );
}

function Paging({ page, lastPage, onPage }: { page: number; lastPage: number; onPage: (p: number) => void }) {
  if (lastPage <= 1) return null;
  return <Pagination mt="sm" size="sm" total={lastPage} value={page} onChange={onPage} />;
}

/** A field name of a change as the form calls it. */
function useFieldName() {
  const { t } = useTranslation();
  return (field: string) => {
    const key = field === 'manager_ids' ? 'managers' : field.replace(/_id$/, '');
    return t(`equipment.fields.${key}`, { defaultValue: field.replace(/_/g, ' ') });
  };
}

function ActivityLog({ equipmentId }: { equipmentId: number }) {
  const { t, i18n } = useTranslation();
  const fieldName = useFieldName();
  const [page, setPage] = useState(1);
  const activity = useEquipmentActivity(equipmentId, page);
  return (
    <Stack gap={6}>
      {activity.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {activity.isError && <ErrorPanel error={activity.error} onRetry={() => activity.refetch()} />}
      {activity.data?.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('equipment.activity.empty')}
        </Text>
      )}
      {activity.data?.data.map((entry) => {
        const fields = Object.keys(entry.changes).filter((k) => k !== 'id');
        return (
          <Group
            key={entry.id}
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
            data-testid="equipment-activity"
          >
            <Text size="sm">
              <Text span fw={600}>
                {entry.user?.full_name ?? t('equipment.activity.someone')}
              </Text>{' '}
              {t(`equipment.activity.actions.${entry.action}`, {
                defaultValue: entry.action.replace(/_/g, ' '),
              })}
              {entry.action === 'updated' && fields.length > 0 && (
                <Text span c="dimmed">
                  {': '}
                  {fields.map(fieldName).join(', ')}
                </Text>
              )}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatDateTime(entry.created_at, i18n.language)}
            </Text>
          </Group>
        );
      })}
      {activity.data && <Paging page={page} lastPage={activity.data.last_page} onPage={setPage} />}
    </Stack>
  );
}

/** The code that opens the item's public page (a finder's report), with PNG / SVG downloads and print. */
function QrCode({ item }: { item: Equipment }) {
  const { t } = useTranslation();
  const qr = useEquipmentQrSvg(item.id, true);
  const download = useQrDownload((format) => equipmentQrBlob(item.id, format), item.title, 'equipment');
  const hint = t('equipment.qr.hint');
  return (
    <Stack align="center" gap="md" data-testid="equipment-qr">
      {qr.isPending && (
        <Center h={240}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
      {qr.isError && (
        <ErrorPanel title={t('equipment.qr.load_failed')} error={qr.error} onRetry={() => qr.refetch()} />
      )}
      {qr.data && (
        <div
          className="qr-code"
          style={{ width: 'min(260px, 70vw)' }}
          role="img"
          aria-label={t('equipment.qr.alt', { name: item.title })}
          // Our own server's SVG of the code (qrcode package), nothing the user typed.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from our API
          dangerouslySetInnerHTML={{ __html: qr.data }}
        />
      )}
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        {hint}
      </Text>
      <Group justify="center" gap="xs">
        {(['png', 'svg'] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void download(format)}
            data-testid={`equipment-qr-${format}`}
          >
            {t('equipment.qr.download', { format: format.toUpperCase() })}
          </Button>
        ))}
        <Button
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => window.print()}
          disabled={!qr.data}
        >
          {t('equipment.qr.print')}
        </Button>
      </Group>
      {qr.data && (
        <QrPrintSheet name={item.title} referenceNumber={item.reference_number} svg={qr.data} hint={hint} />
      )}
    </Stack>
  );
}

/**
 * Scans of the item's code and finders' reports, newest first (001 §2): who and when, the place
 * when shared, and why there is none when the scanner did not share a location.
 */
function ScanLog({ equipmentId }: { equipmentId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const scans = useEquipmentScanLog(equipmentId, page);
  return (
    <Stack gap="xs">
      {scans.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {scans.isError && <ErrorPanel error={scans.error} onRetry={() => scans.refetch()} />}
      {scans.data?.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('equipment.scans.empty')}
        </Text>
      )}
      {scans.data?.data.map((scan) => {
        const who =
          scan.user?.full_name ??
          (scan.kind === 'found'
            ? scan.finder_name || t('equipment.scans.finder')
            : t('equipment.scans.anonymous'));
        const hasPlace = scan.latitude !== null && scan.longitude !== null;
        return (
          <Stack key={`${scan.kind}-${scan.id}`} gap={4} data-testid="equipment-scan">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Group gap={6} wrap="wrap">
                <Badge
                  variant="light"
                  color={scan.kind === 'found' ? 'orange' : 'blue'}
                  size="sm"
                  leftSection={
                    scan.kind === 'found' ? (
                      <IconUserSearch size={12} aria-hidden />
                    ) : (
                      <IconScan size={12} aria-hidden />
                    )
                  }
                >
                  {t(`equipment.scans.kind.${scan.kind}`)}
                </Badge>
                <Text size="sm" fw={600}>
                  {who}
                </Text>
                {scan.finder_contact && (
                  <Text size="sm" c="dimmed">
                    {scan.finder_contact}
                  </Text>
                )}
              </Group>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatDateTime(scan.created_at, i18n.language)}
              </Text>
            </Group>
            {scan.message && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {scan.message}
              </Text>
            )}
            {hasPlace && (
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={14} aria-hidden />
                <Text
                  size="sm"
                  component="a"
                  href={`https://www.openstreetmap.org/?mlat=${scan.latitude}&mlon=${scan.longitude}#map=17/${scan.latitude}/${scan.longitude}`}
                  target="_blank"
                  rel="noreferrer"
                  c="blue.8"
                  td="underline"
                >
                  {scan.latitude?.toFixed(5)}, {scan.longitude?.toFixed(5)}
                </Text>
              </Group>
            )}
            {!hasPlace && scan.location_missing && (
              <Alert
                variant="light"
                color="gray"
                p="xs"
                icon={<IconMapPinOff size={16} aria-hidden />}
                data-testid="equipment-scan-no-location"
              >
                <Text size="sm" fw={600}>
                  {t('equipment.scans.no_location')}
                </Text>
                <Text size="xs">{t('equipment.scans.no_location_text')}</Text>
              </Alert>
            )}
          </Stack>
        );
      })}
      {scans.data && <Paging page={page} lastPage={scans.data.last_page} onPage={setPage} />}
    </Stack>
  );
}
