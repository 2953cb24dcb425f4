import { Checkbox } from '@mantine/core';
import type { IssueListItem } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import type { IssueSelection } from '../use-issue-selection';

/** The checkbox of one issue row or card. */
export function SelectIssueCheckbox({
  selection,
  issue,
}: {
  selection: IssueSelection;
  issue: IssueListItem;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      size="sm"
      aria-label={t('issue-bulk.select_issue', { title: issue.title })}
      checked={selection.isSelected(issue.id)}
      onChange={() => selection.toggle(issue)}
      data-testid="issue-select"
    />
  );
}

/** Select (or unselect) every issue on the page. */
export function SelectPageCheckbox({
  selection,
  issues,
  withLabel = false,
}: {
  selection: IssueSelection;
  issues: readonly IssueListItem[];
  /** Show the text beside the box (the phone cards have no table header). */
  withLabel?: boolean;
}) {
  const { t } = useTranslation();
  const state = selection.pageState(issues);
  return (
    <Checkbox
      size="sm"
      aria-label={t('issue-bulk.select_page')}
      label={withLabel ? t('issue-bulk.select_page') : undefined}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      onChange={() => selection.togglePage(issues)}
      disabled={issues.length === 0}
      data-testid="issue-select-page"
    />
  );
}
