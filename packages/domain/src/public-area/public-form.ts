import type { ErrorKey } from '../errors/error-keys.js';
import { UI_LANGUAGES, type UiLanguage } from '../i18n/languages.js';
import { ISSUE_STATUS, type IssueStatusId } from '../issues/statuses.js';
import { ISSUE_TITLE_MAX, ISSUE_TITLE_MIN } from '../limits.js';

/**
 * The public area (000 §1, §2, §7 "Public"; issue 19): the forms a visitor fills in without an
 * account, as the organisation's admins configure them (public_page_configurator/{type}), and
 * the rules of a public report and of its follow page. One place: server and web read these.
 */

/** The forms of the configurator: a workspace's and an asset's report form, an equipment finder's form. */
export const PUBLIC_FORM_TYPES = ['workspace', 'asset', 'equipment'] as const;
export type PublicFormType = (typeof PUBLIC_FORM_TYPES)[number];

/** The fields a report form (workspace, asset) can show, in their default order. */
export const PUBLIC_REPORT_FIELDS = [
  'title',
  'description',
  'attachments',
  'category_id',
  'priority_id',
  'reporter_name',
  'reporter_email',
  'reporter_phone',
] as const;
/** The fields of the equipment finder's form (POST public/equipment/{id}/found). */
export const PUBLIC_FOUND_FIELDS = ['finder_name', 'finder_contact', 'message', 'location'] as const;
export type PublicFormFieldKey = (typeof PUBLIC_REPORT_FIELDS)[number] | (typeof PUBLIC_FOUND_FIELDS)[number];

export const publicFormFieldKeys = (type: PublicFormType): readonly PublicFormFieldKey[] =>
  type === 'equipment' ? PUBLIC_FOUND_FIELDS : PUBLIC_REPORT_FIELDS;

/**
 * What the follow page of a reported issue may show besides its title, status and dates (always
 * shown): the admins choose. Comments the reporter sees are their own and the replies staff
 * mark public; internal comments are never shown.
 */
export const PUBLIC_ISSUE_FIELDS = [
  'description',
  'attachments',
  'category',
  'priority',
  'due_date',
  'assignee',
  'attachment_comments',
] as const;
export type PublicIssueField = (typeof PUBLIC_ISSUE_FIELDS)[number];

/** How staff are named to the public: full name, first name only, or not at all ("the team"). */
export const PUBLIC_STAFF_NAMES = ['full_name', 'first_name', 'hidden'] as const;
export type PublicStaffNames = (typeof PUBLIC_STAFF_NAMES)[number];

export type PublicFormField = { key: PublicFormFieldKey; visible: boolean; required: boolean };
/** Texts of one language; null: the product's own text in that language. */
export type PublicFormTexts = { title: string | null; intro: string | null; thank_you: string | null };

export type PublicFormConfig = {
  type: PublicFormType;
  /** Whether the form takes reports at all (a QR code of a disabled form says so). */
  enabled: boolean;
  /** Every field of the type once, in the form's order. */
  fields: PublicFormField[];
  texts: Partial<Record<UiLanguage, PublicFormTexts>>;
  show_logo: boolean;
  /** The form's accent colour (#rrggbb); null: the organisation's theme. */
  primary_color: string | null;
  /** The reporter gets a private follow link (and e-mails when they give an address). */
  allow_follow: boolean;
  /** The reporter may comment (with photos) on the follow page. */
  allow_comments: boolean;
  /** The reporter may confirm a fix in review and reopen what was completed lately. */
  allow_reopen: boolean;
  staff_names: PublicStaffNames;
  public_fields: PublicIssueField[];
};

export const PUBLIC_TEXT_TITLE_MAX = 120;
export const PUBLIC_TEXT_MAX = 1000;
export const PUBLIC_NAME_MAX = 120;
export const PUBLIC_PHONE_MAX = 40;
/** Files a report (or one public comment) may carry: pictures only. */
export const PUBLIC_FILES_MAX = 5;
/** Days after completion in which a reporter may reopen (allow_reopen). */
export const PUBLIC_REOPEN_DAYS = 14;
/** Minutes after writing a comment in which its author may still add photos to it. */
export const PUBLIC_COMMENT_UPLOAD_MINUTES = 60;

const field = (key: PublicFormFieldKey, visible: boolean, required = false): PublicFormField => ({
  key,
  visible,
  required: visible && required,
});

/** The presets of GET public_page_configurator/templates/{type}, the first being the default. */
export const PUBLIC_FORM_TEMPLATE_KEYS = ['standard', 'minimal', 'detailed'] as const;
export type PublicFormTemplateKey = (typeof PUBLIC_FORM_TEMPLATE_KEYS)[number];

function reportFields(template: PublicFormTemplateKey): PublicFormField[] {
  switch (template) {
    case 'minimal':
      return [
        field('title', false),
        field('description', true, true),
        field('attachments', true),
        field('category_id', false),
        field('priority_id', false),
        field('reporter_name', false),
        field('reporter_email', true),
        field('reporter_phone', false),
      ];
    case 'detailed':
      return [
        field('title', true, true),
        field('description', true, true),
        field('attachments', true),
        field('category_id', true),
        field('priority_id', true),
        field('reporter_name', true, true),
        field('reporter_email', true, true),
        field('reporter_phone', true),
      ];
    case 'standard':
      return [
        field('title', true, true),
        field('description', true),
        field('attachments', true),
        field('category_id', false),
        field('priority_id', false),
        field('reporter_name', true),
        field('reporter_email', true),
        field('reporter_phone', false),
      ];
  }
}

function foundFields(template: PublicFormTemplateKey): PublicFormField[] {
  return [
    field('finder_name', template !== 'minimal', template === 'detailed'),
    field('finder_contact', true, template === 'detailed'),
    field('message', true),
    field('location', template !== 'minimal'),
  ];
}

/** A preset of the configurator for a type. */
export function publicFormTemplate(type: PublicFormType, template: PublicFormTemplateKey): PublicFormConfig {
  return {
    type,
    enabled: true,
    fields: type === 'equipment' ? foundFields(template) : reportFields(template),
    texts: {},
    show_logo: true,
    primary_color: null,
    allow_follow: true,
    allow_comments: template !== 'minimal',
    allow_reopen: template !== 'minimal',
    staff_names: template === 'detailed' ? 'full_name' : 'first_name',
    public_fields:
      template === 'minimal'
        ? ['attachments']
        : template === 'detailed'
          ? [
              'description',
              'attachments',
              'category',
              'priority',
              'due_date',
              'assignee',
              'attachment_comments',
            ]
          : ['description', 'attachments', 'due_date', 'assignee'],
  };
}

/** The form of an organisation that saved none. */
export const defaultPublicForm = (type: PublicFormType): PublicFormConfig =>
  publicFormTemplate(type, 'standard');

/**
 * A saved or sent configuration made whole and consistent: every field of the type once (the
 * sent order first, missing ones hidden at the end), required only when visible, no unknown
 * language, fields or duplicates. A report form always asks for what becomes the issue's title:
 * the title, or else the description (required then).
 */
export function normalisePublicForm(
  type: PublicFormType,
  input: Omit<PublicFormConfig, 'type'>,
): PublicFormConfig {
  const keys = publicFormFieldKeys(type);
  const seen = new Set<PublicFormFieldKey>();
  const fields: PublicFormField[] = [];
  for (const f of input.fields) {
    if (!keys.includes(f.key) || seen.has(f.key)) continue;
    seen.add(f.key);
    fields.push(field(f.key, f.visible, f.required));
  }
  for (const key of keys) if (!seen.has(key)) fields.push(field(key, false));
  if (type !== 'equipment') {
    const title = fields.find((f) => f.key === 'title');
    const description = fields.find((f) => f.key === 'description');
    if (title && description && !(title.visible && title.required)) {
      description.visible = true;
      description.required = true;
    }
  }
  const texts: PublicFormConfig['texts'] = {};
  for (const language of UI_LANGUAGES) {
    const t = input.texts[language];
    if (t && (t.title || t.intro || t.thank_you)) {
      texts[language] = { title: t.title || null, intro: t.intro || null, thank_you: t.thank_you || null };
    }
  }
  return {
    type,
    enabled: input.enabled,
    fields,
    texts,
    show_logo: input.show_logo,
    primary_color: input.primary_color ? input.primary_color.toLowerCase() : null,
    allow_follow: input.allow_follow,
    // Comments and reopening happen on the follow page: without it there is nowhere to do them.
    allow_comments: input.allow_follow && input.allow_comments,
    allow_reopen: input.allow_follow && input.allow_reopen,
    staff_names: input.staff_names,
    public_fields: PUBLIC_ISSUE_FIELDS.filter((f) => input.public_fields.includes(f)),
  };
}

export const isVisibleField = (form: Pick<PublicFormConfig, 'fields'>, key: PublicFormFieldKey): boolean =>
  form.fields.some((f) => f.key === key && f.visible);

/** What a public report sends, as read from its form (empty fields left out). */
export type PublicReportInput = {
  title?: string | null;
  description?: string | null;
  category_id?: number | null;
  priority_id?: number | null;
  reporter_name?: string | null;
  reporter_email?: string | null;
  reporter_phone?: string | null;
  files: number;
};

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Checks a report against its form: every required field present, the title's length. Fields
 * the form hides are not checked here: the server drops them (a visitor cannot set what the
 * form does not show). Answers field errors by field name.
 */
export function checkPublicReport(
  form: Pick<PublicFormConfig, 'fields'>,
  input: PublicReportInput,
): Record<string, ErrorKey> {
  const errors: Record<string, ErrorKey> = {};
  for (const f of form.fields) {
    if (!f.required) continue;
    if (f.key === 'attachments' ? input.files === 0 : isEmpty(input[f.key as keyof PublicReportInput])) {
      errors[f.key === 'attachments' ? 'attachments' : f.key] =
        f.key === 'title' ? 'title_mandatory' : 'required';
    }
  }
  const title = publicIssueTitle(form, input);
  if (!errors.title && !errors.description) {
    if (title.length < ISSUE_TITLE_MIN)
      errors[isVisibleField(form, 'title') ? 'title' : 'description'] = 'too_short';
  }
  if (isVisibleField(form, 'title') && (input.title?.trim().length ?? 0) > ISSUE_TITLE_MAX)
    errors.title = 'too_long';
  return errors;
}

/**
 * The issue's title: the reporter's title, or (a form without one) the first line of the
 * description, cut at a word to fit.
 */
export function publicIssueTitle(
  form: Pick<PublicFormConfig, 'fields'>,
  input: Pick<PublicReportInput, 'title' | 'description'>,
): string {
  const title = isVisibleField(form, 'title') ? (input.title?.trim() ?? '') : '';
  if (title) return title;
  const firstLine = (input.description ?? '').trim().split(/\r?\n/)[0]?.trim() ?? '';
  if (firstLine.length <= 80) return firstLine;
  const cut = firstLine.slice(0, 80);
  const space = cut.lastIndexOf(' ');
  return `${space > 40 ? cut.slice(0, space) : cut}…`;
}

/** How a staff member is named on a follow page. */
export function publicStaffName(
  form: Pick<PublicFormConfig, 'staff_names'>,
  person: { first_name: string | null; last_name: string | null } | null,
): string | null {
  if (!person || form.staff_names === 'hidden') return null;
  const first = person.first_name?.trim() ?? '';
  if (form.staff_names === 'first_name') return first || null;
  return [first, person.last_name?.trim() ?? ''].filter(Boolean).join(' ') || null;
}

type PublicStatusFacts = { status_id: IssueStatusId; archived: boolean; completed_at: Date | null };
export type PublicStatusResult = { ok: true } | { ok: false; error: ErrorKey };

/**
 * PUT public/issue/{id} (status_id): what a reporter may do with their issue, when the form
 * allows it (allow_reopen): confirm the fix of an issue in review (7 → 8), or reopen one
 * completed within PUBLIC_REOPEN_DAYS (8 → 6, back to whoever worked on it). Nothing else.
 */
export function checkPublicStatusChange(
  form: Pick<PublicFormConfig, 'allow_reopen'>,
  issue: PublicStatusFacts,
  to: number,
  now: Date,
): PublicStatusResult {
  if (!form.allow_reopen || issue.archived) return { ok: false, error: 'status_not_allowed' };
  if (to === ISSUE_STATUS.completed && issue.status_id === ISSUE_STATUS.inReview) return { ok: true };
  if (to === ISSUE_STATUS.inProgress && issue.status_id === ISSUE_STATUS.completed) {
    const completed = issue.completed_at?.getTime() ?? 0;
    if (now.getTime() - completed <= PUBLIC_REOPEN_DAYS * 86_400_000) return { ok: true };
    return { ok: false, error: 'reopen_period_over' };
  }
  return { ok: false, error: 'status_not_allowed' };
}

/** The status changes a reporter may make now (the follow page's buttons). */
export function publicStatusActions(
  form: Pick<PublicFormConfig, 'allow_reopen'>,
  issue: PublicStatusFacts,
  now: Date,
): { can_confirm: boolean; can_reopen: boolean } {
  return {
    can_confirm: checkPublicStatusChange(form, issue, ISSUE_STATUS.completed, now).ok,
    can_reopen: checkPublicStatusChange(form, issue, ISSUE_STATUS.inProgress, now).ok,
  };
}

/**
 * The status changes of a publicly reported issue its reporter is e-mailed about (when they gave
 * an address and did not unsubscribe): work started, in review (done, to be checked), completed.
 * A decline is told only when staff choose to (send_declined_issue_notification): a report that
 * is spam or a duplicate needs no mail.
 */
export const PUBLIC_MAILED_STATUSES: readonly IssueStatusId[] = [
  ISSUE_STATUS.inProgress,
  ISSUE_STATUS.inReview,
  ISSUE_STATUS.completed,
];

/** The text of a form in a language: the admins' text, else null (the product's own). */
export function publicFormText(
  form: Pick<PublicFormConfig, 'texts'>,
  language: UiLanguage,
  key: keyof PublicFormTexts,
): string | null {
  return form.texts[language]?.[key] ?? null;
}

/** POST public_page_configurator/templates/{type}: a preset's fields and switches; the admins' texts and colour stay. */
export function applyPublicFormTemplate(
  current: PublicFormConfig,
  template: PublicFormTemplateKey,
): PublicFormConfig {
  const preset = publicFormTemplate(current.type, template);
  return {
    ...preset,
    texts: current.texts,
    primary_color: current.primary_color,
    show_logo: current.show_logo,
  };
}

/** What a finder sends (POST public/equipment/{id}/found), as the server read it. */
export type FoundReportInput = {
  finder_name: string | null;
  finder_contact: string | null;
  message: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * A finder's report through the equipment form: the fields the form hides are dropped (a
 * location is the 'location' field), and the required ones must be there. Answers the kept
 * report and the field errors by field name.
 */
export function checkFoundReport(
  form: Pick<PublicFormConfig, 'fields'>,
  input: FoundReportInput,
): { report: FoundReportInput; errors: Record<string, ErrorKey> } {
  const shown = (key: PublicFormFieldKey) => form.fields.some((f) => f.key === key && f.visible);
  const required = (key: PublicFormFieldKey) =>
    form.fields.some((f) => f.key === key && f.visible && f.required);
  const hasLocation = input.latitude !== null && input.longitude !== null;
  const report: FoundReportInput = {
    finder_name: shown('finder_name') ? input.finder_name : null,
    finder_contact: shown('finder_contact') ? input.finder_contact : null,
    message: shown('message') ? input.message : null,
    latitude: shown('location') && hasLocation ? input.latitude : null,
    longitude: shown('location') && hasLocation ? input.longitude : null,
  };
  const errors: Record<string, ErrorKey> = {};
  for (const key of ['finder_name', 'finder_contact', 'message'] as const) {
    if (required(key) && !report[key]) errors[key] = 'required';
  }
  if (required('location') && report.latitude === null) errors.location = 'required';
  return { report, errors };
}
