import {
  type Attachment,
  ISSUE_REPORT_PARTS,
  ISSUE_REPORT_TIMEOUT_MS,
  type IssueReportForm,
  type IssueReportPart,
  type UiLanguage,
} from '@workbench/domain';

/** The settings the dialog starts from (client settings, read through the start-up config). */
export type ReportDefaults = {
  pdf_defaults?: Partial<Record<IssueReportPart, boolean>>;
  include_export_subtasks?: boolean;
};

/** The dialog's first state: a standard report, the custom boxes as settings → PDF reports says, every photo with its description. */
export function initialReportForm(
  defaults: ReportDefaults | undefined,
  language: UiLanguage,
  photos: readonly Pick<Attachment, 'id'>[],
): IssueReportForm {
  return {
    export_type: 'standard',
    include_subtasks: defaults?.include_export_subtasks ?? true,
    send_email_copy: false,
    emails: [''],
    parts: Object.fromEntries(
      ISSUE_REPORT_PARTS.map((part) => [part, defaults?.pdf_defaults?.[part] ?? true]),
    ) as Record<IssueReportPart, boolean>,
    media: photos.map((p) => ({ id: p.id, include_description: true })),
    language,
  };
}

/** The issue's photos the media picker offers (pictures only, gallery order). */
export function reportPhotos<T extends Pick<Attachment, 'media_type'>>(attachments: readonly T[]): T[] {
  return attachments.filter((a) => a.media_type === 'picture');
}

/** Toggles one photo in the media list (kept in gallery order) or its description flag. */
export function toggleReportPhoto(
  media: IssueReportForm['media'],
  order: readonly number[],
  id: number,
  change: { included?: boolean; include_description?: boolean },
): NonNullable<IssueReportForm['media']> {
  const current = new Map((media ?? []).map((m) => [m.id, m]));
  if (change.included === false) current.delete(id);
  else {
    const entry = current.get(id) ?? { id, include_description: true };
    current.set(id, {
      ...entry,
      ...(change.include_description === undefined
        ? {}
        : { include_description: change.include_description }),
    });
  }
  return order.flatMap((photoId) => {
    const entry = current.get(photoId);
    return entry ? [entry] : [];
  });
}

/** The name used when the server sends none: report-YYYY-MM-DD.pdf of the local day (001 §7). */
export function reportFallbackName(now: Date = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${day}-report.pdf`;
}

/** An abort from the dialog's cancel (no error shown), as opposed to the 1-minute timeout. */
export function isUserCancel(error: unknown, timedOut: boolean): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return !timedOut && name === 'AbortError';
}

export { ISSUE_REPORT_TIMEOUT_MS };
