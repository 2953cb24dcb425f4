import { Badge, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation } from '@tabler/icons-react';
import {
  ASSET_STATUS,
  ASSET_STATUS_KEYS,
  isAssetStatusId,
  type LegalRequirementState,
} from '@workbench/domain';
import { useTranslation } from 'react-i18next';

/** Badge colours of the five statuses (001 §3). */
export function assetStatusColor(status: number): string {
  switch (status) {
    case ASSET_STATUS.ACTIVE:
      return 'teal';
    case ASSET_STATUS.ACTIVE_IN_MAINTENANCE:
      return 'yellow';
    case ASSET_STATUS.NOT_WORKING_IN_MAINTENANCE:
      return 'red';
    default:
      return 'gray';
  }
}

/** A status's name in the reader's language. */
export function useAssetStatusName(): (status: number) => string {
  const { t } = useTranslation();
  return (status) => (isAssetStatusId(status) ? t(`assets.${ASSET_STATUS_KEYS[status]}`) : String(status));
}

/** The status as a badge: 'Active' for an active asset (001 §2), the status's name for the others. */
export function AssetStatusBadge({ status, size = 'sm' }: { status: number; size?: BadgeProps['size'] }) {
  const statusName = useAssetStatusName();
  return (
    <Badge color={assetStatusColor(status)} variant="light" size={size} data-testid="asset-status">
      {statusName(status)}
    </Badge>
  );
}

/** The flag of an asset whose regulatory files have expired or expire soon (nothing otherwise). */
export function LegalFlag({
  state,
  size = 'sm',
}: {
  state: LegalRequirementState;
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation();
  if (state !== 'expired' && state !== 'expiring') return null;
  const Icon = state === 'expired' ? IconAlertTriangle : IconClockExclamation;
  return (
    <Badge
      color={state === 'expired' ? 'red' : 'orange'}
      variant="light"
      size={size}
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="asset-legal-flag"
    >
      {t(`assets.legal_flag.${state}`)}
    </Badge>
  );
}

/** The state of one regulatory file. */
export function RegulatoryStateBadge({ state }: { state: 'expired' | 'expiring' | 'valid' }) {
  const { t } = useTranslation();
  const color = state === 'expired' ? 'red' : state === 'expiring' ? 'orange' : 'teal';
  return (
    <Badge color={color} variant="light" size="sm">
      {t(`assets.regulatory.state.${state}`)}
    </Badge>
  );
}
