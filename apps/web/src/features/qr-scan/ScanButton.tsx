import { ActionIcon, Tooltip } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The header's way to the scan page (issue 21): one tap from anywhere on a phone. */
export function ScanButton() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('qr-scan.open_scanner')}>
      <ActionIcon
        component={Link}
        to="/dashboard/scan"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('qr-scan.open_scanner')}
      >
        <IconScan size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
