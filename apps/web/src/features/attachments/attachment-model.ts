import { ATTACHMENT_FRESH_MS, type Attachment, type AttachmentComment, type Issue } from '@workbench/domain';

/** An attachment and a comment on one, as the server presents them (packages/domain). */
export type { Attachment, AttachmentComment };

/** The issue's attachments in gallery order (001 §9: the gallery sorts by index). */
export function attachmentsOf(issue: Pick<Issue, 'attachments'>): Attachment[] {
  return [...issue.attachments].sort((a, b) => a.index - b.index || a.id - b.id);
}

/** Whether a file was created or changed so recently that its thumbnails may not be ready. */
export function isFresh(attachment: Pick<Attachment, 'created_at' | 'updated_at'>, now: number): boolean {
  const changed = Math.max(attachment.created_at, attachment.updated_at) * 1000;
  return now - changed < ATTACHMENT_FRESH_MS;
}

/**
 * The picture to show at a size: the full file while fresh (001 §9: changed within 5 minutes),
 * otherwise the small (200 px) or large (1024 px) thumbnail, falling back to the file itself.
 */
export function pictureSource(
  attachment: Pick<
    Attachment,
    'url' | 'web_mob_thumbnail_url' | 'thumbnail_1024_url' | 'created_at' | 'updated_at'
  >,
  size: 'small' | 'large',
  now: number,
): string {
  if (isFresh(attachment, now)) return attachment.url;
  const thumbnail = size === 'small' ? attachment.web_mob_thumbnail_url : attachment.thumbnail_1024_url;
  return thumbnail ?? attachment.url;
}

/** How the viewer shows a file: an image, a PDF preview, or a download card. */
export type PreviewKind = 'image' | 'pdf' | 'download';

export function previewKind(mimeType: string, browserShowsPdf: boolean): PreviewKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType === 'application/pdf' && browserShowsPdf) return 'pdf';
  return 'download';
}

/** Human file size: 1.4 MB, 820 kB, 12 B (decimal units, as the limits are written). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} kB`;
  return `${bytes} B`;
}

/** The uploader's or commenter's display name. */
export function personName(user: { first_name?: string; last_name?: string; full_name?: string } | null) {
  if (!user) return null;
  if (user.full_name) return user.full_name;
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || null;
}
