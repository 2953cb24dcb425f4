import {
  type Attachment,
  dueState,
  fullName,
  ISSUE_STATUSES,
  type Issue,
  type IssuePublicReport,
  type IssueStatusId,
  issueActions,
  issuePermissions,
  locationFromColumns,
  readIssueTranslations,
  tryResolveLanguage,
} from '@workbench/domain';
import { fileUrl } from '../../storage/file-storage.js';
import { withMachineTranslations } from '../translation/translation-cache.js';
import type { LoadedIssue } from './issue-context.js';
import type { IssueDetailRow, PublicReportJson } from './issue-queries.js';

/**
 * Issue.public_report: who reported it through a public form (issue 19). Their address and
 * phone are the owner organisation's to know: a partner's people see the name only.
 */
function presentPublicReport(
  report: PublicReportJson | null,
  ownOrganisation: boolean,
): IssuePublicReport | null {
  if (!report) return null;
  return {
    reporter: {
      id: report.reporter_id,
      full_name: report.full_name,
      email: ownOrganisation ? report.email : null,
      phone: ownOrganisation ? report.phone : null,
      is_public_user: true,
    },
    form_type: report.form_type,
    language: tryResolveLanguage(report.language) ?? 'en',
    subscribed: report.subscribed,
    declined_notification_sent_at: report.declined_notification_sent_at
      ? new Date(report.declined_notification_sent_at).toISOString()
      : null,
  };
}

const statusName = (id: number) => ISSUE_STATUSES.find((s) => s.id === id)?.name ?? String(id);

/**
 * The API shape of one issue for this caller (000 §3 Issue), with its permissions and buttons,
 * from what loadIssue and findIssueDetails read (and its attachments, presented for the caller).
 */
export function presentIssue(loaded: LoadedIssue, details: IssueDetailRow, attachments: Attachment[]): Issue {
  const { row, facts, rules } = loaded;
  const { assignee, creator } = details;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: { id: row.status_id as IssueStatusId, name: statusName(row.status_id) },
    status_id: row.status_id as IssueStatusId,
    assignee_id: row.assignee_id,
    // Public reporters arrive with the public forms; every assignee is a user of the product now.
    assignee: assignee ? { id: assignee.id, full_name: fullName(assignee), is_public_user: false } : null,
    last_assignee: row.last_assignee_id !== null ? { id: row.last_assignee_id } : null,
    archived: row.archived_at !== null,
    workspace: {
      id: row.workspace_id,
      name: details.workspace_name,
      available_assignees_ids: details.available_assignees_ids,
    },
    workspace_id: row.workspace_id,
    parent_id: row.parent_id,
    children: details.children.map((c) => ({
      id: c.id,
      title: c.title,
      status_id: c.status_id as IssueStatusId,
    })),
    open_subtasks_count: facts.open_subtasks_count,
    attachments,
    start_date: facts.start_date,
    due_date: facts.due_date,
    schedule_id: row.schedule_id,
    priority_id: row.priority_id,
    category_id: row.category_id,
    categories: details.categories,
    watchers: details.watchers.map((w) => ({
      id: w.id,
      full_name: fullName(w),
      profile_image: fileUrl(w.profile_image),
    })),
    asset_id: row.asset_id,
    asset: details.asset,
    asset_group_id: row.asset_group_id,
    asset_group: details.asset_group,
    equipment_ids: row.equipment_ids ?? [],
    equipments: details.equipments,
    accessibility_id: row.accessibility_id,
    external_email_address: row.external_email_address,
    links: details.links,
    is_attachment_required: row.is_attachment_required,
    is_worktime_required: row.is_worktime_required,
    worktime_total: row.worktime_total,
    number_of_comments: details.number_of_comments,
    process_number: row.process_number,
    rating: row.rating,
    permissions: issuePermissions(rules),
    actions: issueActions(rules),
    due_state: dueState(facts, loaded.settings, rules.now),
    available_translations: withMachineTranslations(
      readIssueTranslations(row.translations),
      row.translations,
      {
        title: row.title,
        description: row.description,
      },
    ),
    created_by: creator ? { id: creator.id, full_name: fullName(creator) } : null,
    public_report: presentPublicReport(details.public_report, loaded.grant.collaboration_id === null),
    location: locationFromColumns(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
