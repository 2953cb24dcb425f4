import {
  Alert,
  Checkbox,
  Divider,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { ISSUE_DESCRIPTION_MAX, ISSUE_TITLE_MAX, PRIORITIES, readClientSettings } from '@workbench/domain';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useChecklistTemplates } from '../../checklist-templates/templates-api';
import { EquipmentPicker } from '../../equipment-sets/components/EquipmentPicker';
import { WorkspaceSelect } from '../../issues/components/WorkspaceSelect';
import { useCategories, useWorkspaceChoices, useWorkspacePeople } from '../../issues/issues-api';
import { useClientSettings } from '../../profiles/profiles-api';
import { repeatSummary } from '../../schedules/repeat-summary';
import type { ScheduleField, ScheduleFormErrors, ScheduleFormValues } from '../form-values';
import { PresenceAlarmFields } from './PresenceAlarmFields';
import { RepeatRuleFields } from './RepeatRuleFields';
import { ScheduleAssetsField } from './ScheduleAssetsField';
import { ScheduleLinksField } from './ScheduleLinksField';
import { WorkTimeFields } from './WorkTimeFields';

type PersonRef = { id: number; full_name: string };
type NamedRef = { id: number; name: string };

/** Choices by id and name: the list's, then the saved ones the list does not hold. */
function optionsOf(listed: readonly NamedRef[], saved: readonly NamedRef[] = []) {
  const byId = new Map<number, string>();
  for (const item of [...saved, ...listed]) byId.set(item.id, item.name);
  return [...byId].map(([id, label]) => ({ value: String(id), label }));
}
const TEMPLATES_QUERY = { page: 1, paginate_by: 200, sort_by: 'name', sort_direction: 'asc' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Divider />
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Who may be picked: the workspace's people, and the saved ones by name even when the list no longer holds them. */
function usePeopleOptions(workspaceId: number | null, saved: readonly PersonRef[]) {
  const people = useWorkspacePeople(workspaceId);
  return useMemo(() => {
    const byId = new Map<number, string>();
    for (const p of saved) byId.set(p.id, p.full_name);
    for (const p of people.data ?? []) byId.set(p.id, p.full_name);
    return [...byId].map(([id, label]) => ({ value: String(id), label }));
  }, [people.data, saved]);
}

/**
 * The whole schedule form (001 §2 "Scheduling", §3 "Schedule"), the same on the add page and the
 * detail: what each issue gets, who works on it, the repeat rule with its summary in words, the
 * times, assets, and presence alarms. Read only when `readOnly`.
 */
export function ScheduleForm({
  values,
  onChange,
  errors,
  readOnly = false,
  savedPeople = [],
  savedNames = {},
  withTimeLimit = true,
}: {
  values: ScheduleFormValues;
  onChange: (next: ScheduleFormValues, changed: ScheduleField) => void;
  errors: ScheduleFormErrors;
  readOnly?: boolean;
  savedPeople?: readonly PersonRef[];
  /** The saved categories and templates by name, shown even when the lists do not hold them. */
  savedNames?: { categories?: readonly NamedRef[]; checklist_templates?: readonly NamedRef[] };
  /** The detail page sets the time limit in its own section (set_time_limits). */
  withTimeLimit?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const workspaces = useWorkspaceChoices().data ?? [];
  const categories = useCategories();
  const templates = useChecklistTemplates(TEMPLATES_QUERY);
  const peopleOptions = usePeopleOptions(values.workspace_id, savedPeople);
  const settings = useClientSettings() ?? readClientSettings({});
  // Equipment (001 §2 "equipment selection"): when the organisation uses it, or the schedule names some.
  const showEquipment = settings.include_equipment || values.equipments.length > 0;

  const set = <K extends ScheduleField>(key: K, value: ScheduleFormValues[K]) =>
    onChange({ ...values, [key]: value }, key);
  const fieldError = (field: ScheduleField) => (errors[field] ? errorText(errors[field]) : undefined);
  const parts = { values, set, fieldError, readOnly };

  const categoryOptions = optionsOf(categories.data ?? [], savedNames.categories);
  const templateOptions = optionsOf(templates.data?.data ?? [], savedNames.checklist_templates);
  const ruleIsReadable = Number.isInteger(values.repeat_every.value) && values.repeat_every.value >= 1;
  const summary = ruleIsReadable
    ? repeatSummary(values, (key, options) => t(key, options), i18n.language, 'long')
    : null;
  const withoutPeople = (ids: number[], ...others: Array<number | null | number[]>) => {
    const taken = new Set(others.flat().filter((v): v is number => v !== null));
    return peopleOptions.filter((o) => !taken.has(Number(o.value)) || ids.includes(Number(o.value)));
  };

  return (
    <Stack gap="lg">
      <Stack gap="md">
        <TextInput
          label={t('schedule-editor.fields.title')}
          withAsterisk={!readOnly}
          maxLength={ISSUE_TITLE_MAX}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={fieldError('title')}
          readOnly={readOnly}
          data-testid="schedule-title"
        />
        <Textarea
          label={t('schedule-editor.fields.description')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={ISSUE_DESCRIPTION_MAX}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={fieldError('description')}
          readOnly={readOnly}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <WorkspaceSelect
            label={t('schedule-editor.fields.workspace')}
            placeholder={t('schedule-editor.workspace_placeholder')}
            withAsterisk={!readOnly}
            value={values.workspace_id}
            onChange={(id) => set('workspace_id', id)}
            error={fieldError('workspace_id')}
            readOnly={readOnly}
          />
          <Select
            label={t('schedule-editor.fields.priority')}
            data={PRIORITIES.map((p) => ({
              value: String(p.id),
              label: t(`schedule-editor.priority.${p.name}`),
            }))}
            value={String(values.priority_id)}
            onChange={(v) => set('priority_id', v === null ? 3 : Number(v))}
            allowDeselect={false}
            error={fieldError('priority_id')}
            readOnly={readOnly}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('schedule-editor.fields.category')}
            placeholder={t('schedule-editor.none')}
            data={categoryOptions}
            value={values.category_id === null ? null : String(values.category_id)}
            onChange={(v) => set('category_id', v === null ? null : Number(v))}
            clearable
            searchable
            nothingFoundMessage={t('schedule-editor.nothing_found')}
            error={fieldError('category_id')}
            readOnly={readOnly}
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label={t('schedule-editor.fields.categories')}
            data={categoryOptions.filter((c) => c.value !== String(values.category_id))}
            value={values.categories.map(String)}
            onChange={(v) => set('categories', v.map(Number))}
            searchable
            clearable
            nothingFoundMessage={t('schedule-editor.nothing_found')}
            error={fieldError('categories')}
            readOnly={readOnly}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      </Stack>

      <Section title={t('schedule-editor.sections.people')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('schedule-editor.fields.assignee')}
            placeholder={
              values.workspace_id === null
                ? t('schedule-editor.people_need_workspace')
                : t('schedule-editor.nobody')
            }
            data={peopleOptions}
            value={values.assignee_id === null ? null : String(values.assignee_id)}
            onChange={(v) => set('assignee_id', v === null ? null : Number(v))}
            searchable
            clearable
            nothingFoundMessage={t('schedule-editor.nothing_found')}
            error={fieldError('assignee_id')}
            disabled={values.workspace_id === null && !readOnly}
            readOnly={readOnly}
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label={t('schedule-editor.fields.watchers')}
            data={withoutPeople(values.watchers, values.assignee_id)}
            value={values.watchers.map(String)}
            onChange={(v) => set('watchers', v.map(Number))}
            searchable
            clearable
            nothingFoundMessage={t('schedule-editor.nothing_found')}
            error={fieldError('watchers')}
            disabled={values.workspace_id === null && !readOnly}
            readOnly={readOnly}
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label={t('schedule-editor.fields.replacements')}
            description={t('schedule-editor.replacements_hint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={withoutPeople(values.replacements, values.assignee_id)}
            value={values.replacements.map(String)}
            onChange={(v) => set('replacements', v.map(Number))}
            searchable
            clearable
            nothingFoundMessage={t('schedule-editor.nothing_found')}
            error={fieldError('replacements')}
            disabled={values.workspace_id === null && !readOnly}
            readOnly={readOnly}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('schedule-editor.sections.repeat')}>
        <Alert
          variant="light"
          icon={<IconRepeat size={18} aria-hidden />}
          aria-live="polite"
          data-testid="schedule-summary"
        >
          {summary ?? t('schedule-editor.summary_incomplete')}
        </Alert>
        <RepeatRuleFields {...parts} />
      </Section>

      <Section title={t('schedule-editor.sections.times')}>
        <WorkTimeFields {...parts} withTimeLimit={withTimeLimit} />
      </Section>

      <Section title={t('schedule-editor.sections.assets')}>
        <ScheduleAssetsField {...parts} workspaces={workspaces} />
      </Section>

      {showEquipment && (
        <Section title={t('equipment-sets.picker.label')}>
          <EquipmentPicker
            label={t('equipment-sets.picker.label')}
            description={t('equipment-sets.picker.schedule_hint')}
            value={values.equipments.map((e) => e.id)}
            onChange={(_, items) => set('equipments', items)}
            known={values.equipments}
            error={fieldError('equipments')}
            readOnly={readOnly}
            data-testid="schedule-equipment"
          />
        </Section>
      )}

      <Section title={t('schedule-editor.sections.issue')}>
        <MultiSelect
          label={t('schedule-editor.fields.checklist_templates')}
          data={templateOptions}
          value={values.checklist_templates.map(String)}
          onChange={(v) => set('checklist_templates', v.map(Number))}
          searchable
          clearable
          nothingFoundMessage={t('schedule-editor.nothing_found')}
          error={fieldError('checklist_templates')}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
        <ScheduleLinksField {...parts} />
        <Group gap="xl">
          <Checkbox
            label={t('schedule-editor.fields.is_attachment_required')}
            checked={values.is_attachment_required}
            onChange={(e) => !readOnly && set('is_attachment_required', e.currentTarget.checked)}
            disabled={readOnly}
          />
          <Checkbox
            label={t('schedule-editor.fields.is_worktime_required')}
            checked={values.is_worktime_required}
            onChange={(e) => !readOnly && set('is_worktime_required', e.currentTarget.checked)}
            disabled={readOnly}
          />
        </Group>
      </Section>

      <Section title={t('schedule-editor.sections.presence')}>
        <PresenceAlarmFields {...parts} />
      </Section>
    </Stack>
  );
}
