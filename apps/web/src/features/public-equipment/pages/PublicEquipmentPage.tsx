import { Alert, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { PublicAccent } from '../../public-report/components/PublicAccent';
import {
  FoundForm,
  PublicEquipmentSummary,
  PublicFrame,
  PublicLoading,
  PublicProblem,
} from '../components/PublicParts';
import { usePublicEquipment } from '../public-api';

/** A page of an item or a group by its public code: what the finder may see and "I found it". */
function PublicFoundScreen({ code, group }: { code: string; group: boolean }) {
  const { t } = useTranslation();
  const info = usePublicEquipment(code, group);
  const invalidText = group ? t('public-equipment.invalid_group_code') : t('public-equipment.invalid_code');
  if (!code)
    return <PublicProblem error={new Error('missing')} invalidText={invalidText} onRetry={() => {}} />;
  if (info.isPending) return <PublicLoading title={t('public-equipment.loading')} />;
  if (info.isError)
    return <PublicProblem error={info.error} invalidText={invalidText} onRetry={() => void info.refetch()} />;
  const { form } = info.data;
  // The finder's form in the organisation's colour (public_page_configurator/equipment).
  return (
    <PublicAccent color={form.primary_color}>
      <PublicFrame
        title={info.data.title}
        subtitle={group ? t('public-equipment.group_subtitle') : undefined}
      >
        <Stack gap="md">
          <PublicEquipmentSummary info={info.data} />
          <Divider />
          {form.enabled ? (
            <FoundForm code={code} group={group} form={form} />
          ) : (
            <Alert color="orange" role="status" data-testid="found-disabled">
              {t('public-equipment.found_disabled')}
            </Alert>
          )}
        </Stack>
      </PublicFrame>
    </PublicAccent>
  );
}

/** /public/equipment/{code} (the item's QR code). */
export function PublicEquipmentPage() {
  const { id = '' } = useParams();
  return <PublicFoundScreen code={id} group={false} />;
}

/** /public/equipment/group/{code} (the group's QR code). */
export function PublicEquipmentGroupPage() {
  const { id = '' } = useParams();
  return <PublicFoundScreen code={id} group />;
}

/**
 * /public/equipment/report?id=<code> and /public/equipment/group/found?id=<code>: the same found
 * form, reached by a link that carries the code in its query.
 */
export function PublicFoundReportPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return <PublicFoundScreen code={params.get('id') ?? ''} group={pathname.includes('/group/')} />;
}
