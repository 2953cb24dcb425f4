import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  issueDetailContracts,
  type PublicFormConfigResponse,
  type PublicFormRequest,
  type PublicFormTemplateKey,
  type PublicFormType,
  publicFormContracts,
  publicReportStaffContracts,
} from '@workbench/domain';
import { call } from '../../api/client';
import { issueKeys, refreshAfterWrite } from '../issues/issues-api';

/** The staff side of the public area: the configurator (admins), the external reporters, the declined mail. */
export const publicFormKeys = {
  form: (type: PublicFormType) => ['public-forms', 'form', type] as const,
  templates: (type: PublicFormType) => ['public-forms', 'templates', type] as const,
  reporters: (query: ExternalReporterQuery) => ['public-forms', 'reporters', query] as const,
};

/** GET public_page_configurator/{type}: the saved form, or the default one. */
export function usePublicFormConfig(type: PublicFormType, enabled = true) {
  return useQuery({
    queryKey: publicFormKeys.form(type),
    queryFn: ({ signal }) => call(publicFormContracts.get, { params: { type }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** GET public_page_configurator/templates/{type}: the presets. */
export function usePublicFormTemplates(type: PublicFormType, enabled = true) {
  return useQuery({
    queryKey: publicFormKeys.templates(type),
    queryFn: ({ signal }) => call(publicFormContracts.templates, { params: { type }, signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST public_page_configurator/{type}: the answer is the saved form. */
export function useSavePublicForm(type: PublicFormType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicFormRequest) => call(publicFormContracts.save, { params: { type }, body }),
    onSuccess: (saved: PublicFormConfigResponse) => client.setQueryData(publicFormKeys.form(type), saved),
  });
}

/** POST public_page_configurator/templates/{type}: the preset becomes the form (answered). */
export function useApplyPublicFormTemplate(type: PublicFormType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (template: PublicFormTemplateKey) =>
      call(publicFormContracts.applyTemplate, { params: { type }, body: { template } }),
    onSuccess: (saved: PublicFormConfigResponse) => client.setQueryData(publicFormKeys.form(type), saved),
  });
}

export type ExternalReporterQuery = { search: string; page: number; per_page: number };

/** GET users/external-reporters: the people who reported through the public forms. */
export function useExternalReporters(query: ExternalReporterQuery, enabled = true) {
  return useQuery({
    queryKey: publicFormKeys.reporters(query),
    queryFn: ({ signal }) =>
      call(publicReportStaffContracts.externalReporters, {
        query: { search: query.search || undefined, page: query.page, per_page: query.per_page },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST issue/{id}/external/send_declined_issue_notification; the issue then shows when it was sent. */
export function useSendDeclinedNotification(issueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      call(publicReportStaffContracts.sendDeclinedNotification, {
        params: { id: issueId },
        body: { message: message.trim() || null },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: issueKeys.detail(issueId) });
      refreshAfterWrite(client, issueId);
    },
  });
}

/** POST issue/{id}/comments as multipart with files, as a reply the public reporter sees (is_public). */
export function postPublicCommentWithFiles(issueId: number, comment: string, files: File[]) {
  const form = new FormData();
  form.append('comment', comment);
  form.append('is_public', 'true');
  for (const [n, file] of files.entries()) form.append(`attachments[${n}][file]`, file, file.name);
  return call(issueDetailContracts.addComment, { params: { id: issueId }, form });
}
