import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { IssueListQuery } from '@workbench/domain';
import { ISSUE_EXPORT_FORMAT_NAMES, type IssueExportFormat } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { downloadIssueExport } from '../export-api';

type Props = {
  /** The list state shown (page, page size and density are not exported). */
  query: IssueListQuery;
  /** Selected issues: export only these (still within the list's filters). */
  ids?: number[];
  size?: 'xs' | 'sm';
};

/** 'Export' with the four formats of 001 §9: downloads the filtered list (or the selection). */
export function IssueExportMenu({ query, ids, size = 'sm' }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState<IssueExportFormat | null>(null);

  const run = async (format: IssueExportFormat) => {
    setBusy(format);
    try {
      await downloadIssueExport(query, format, ids);
    } catch (err) {
      notify.failWithTitle(t('issue-export.failed'), err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size={size}
          loading={busy !== null}
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {t('issue-export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('issue-export.choose_format')}</Menu.Label>
        {ISSUE_EXPORT_FORMAT_NAMES.map((format) => (
          <Menu.Item key={format} disabled={busy !== null} onClick={() => void run(format)}>
            {t(`issue-export.formats.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
