import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChecklistTemplate,
  ChecklistTemplateListQuery,
  ChecklistTemplateListResponse,
  CreateChecklistTemplateRequest,
  UpdateChecklistTemplateRequest,
} from '@workbench/domain';
import { api } from '../../api/client';
import { templateQueryString } from './list-params';

export const templateKeys = {
  all: ['checklist-templates'] as const,
  list: (query: ChecklistTemplateListQuery) => ['checklist-templates', 'list', query] as const,
  detail: (id: number) => ['checklist-templates', 'detail', id] as const,
};

export function useChecklistTemplates(
  query: ChecklistTemplateListQuery,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) =>
      api<ChecklistTemplateListResponse>(`checklist-templates?${templateQueryString(query, true)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useChecklistTemplate(id: number | null) {
  return useQuery({
    queryKey: templateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<ChecklistTemplate>(`checklist-templates/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useTemplateActions() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: templateKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: CreateChecklistTemplateRequest) =>
        api<ChecklistTemplate>('checklist-templates', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (input: { id: number; body: UpdateChecklistTemplateRequest }) =>
        api<ChecklistTemplate>(`checklist-templates/${input.id}`, { method: 'PUT', body: input.body }),
      onSuccess: (template) => {
        client.setQueryData(templateKeys.detail(template.id), template);
        refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`checklist-templates/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
