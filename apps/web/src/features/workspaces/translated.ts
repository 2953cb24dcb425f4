import type { UiLanguage, WorkspaceTranslations } from '@workbench/domain';

/** A workspace's name or description in the reader's language when it has one, else its own. */
export function translatedText(
  workspace: { available_translations: WorkspaceTranslations; name: string; description: string | null },
  field: 'name' | 'description',
  language: UiLanguage,
): string | null {
  return workspace.available_translations[field][language]?.trim() || workspace[field];
}
