import { Badge } from '@mantine/core';
import type { Issue, IssueComment } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

/** The comments of a publicly reported issue (issue 19): who wrote them and whom they show to. */

/** The public reporter as staff name them: their name, or "Anonymous". */
export function usePublicReporterName(issue: Issue): string | null {
  const { t } = useTranslation();
  if (!issue.public_report) return null;
  return issue.public_report.reporter.full_name ?? t('public-forms.issue.anonymous');
}

/** The badge of a comment on a publicly reported issue: the reporter wrote it, or the reporter sees it. */
export function CommentAudienceBadge({
  comment,
}: {
  comment: Pick<IssueComment, 'is_public' | 'by_reporter'>;
}) {
  const { t } = useTranslation();
  if (comment.by_reporter)
    return (
      <Badge size="xs" variant="light" color="grape" data-testid="comment-audience">
        {t('public-forms.issue.by_reporter')}
      </Badge>
    );
  if (comment.is_public)
    return (
      <Badge size="xs" variant="light" color="teal" data-testid="comment-audience">
        {t('public-forms.issue.visible_to_reporter')}
      </Badge>
    );
  return null;
}
