import '@mantine/dates/styles.css';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  type ClientSettings,
  datesAfterStartChange,
  defaultDueDate,
  ISSUE_DESCRIPTION_MAX,
  ISSUE_TITLE_MAX,
  type Issue,
  PRIORITIES,
  PROCESS_NUMBER_LENGTH,
  validateIssueForm,
  ZClientSettingsSchema,
} from '@workbench/domain';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { TextareaWithTemplates } from '../../../ui/text-templates/TextareaWithTemplates';
import { useAsset } from '../../assets/assets-api';
import { AssetPicker } from '../../assets/components/AssetPicker';
import type { AssetSelection } from '../../assets/components/asset-picker-rules';
import { attachmentsOf } from '../../attachments/attachment-model';
import { saveGalleryChanges, uploadNewItems } from '../../attachments/attachments-api';
import { FormAttachments } from '../../attachments/components/IssueAttachments';
import { changeCount, itemsFromAttachments, previewUrls } from '../../attachments/editing-state';
import { useAuth } from '../../auth/session-store';
import { useConfig } from '../../config/use-config';
import { EquipmentPicker } from '../../equipment-sets/components/EquipmentPicker';
import { IssueChangedBanner } from '../../live/IssueChangedBanner';
import { LocationField } from '../../location/LocationField';
import { locationBody } from '../../location/location-body';
import { IssueDates } from '../components/IssueDates';
import { IssueNotFound } from '../components/IssueStates';
import { WorkspaceSelect } from '../components/WorkspaceSelect';
import {
  changedFields,
  createRequestOf,
  domainFormValues,
  emptyIssueForm,
  type IssueFormState,
  idParam,
  isoToPicker,
  issueFormOf,
  issuePaths,
  keepAssignee,
  pickerToIso,
  startOfToday,
  updateRequestOf,
} from '../issue-helpers';
import {
  checkProcessNumber,
  useCategories,
  useInvalidateIssues,
  useIssue,
  useSaveIssue,
  useWorkspaceChoices,
  useWorkspacePeople,
} from '../issues-api';

/**
 * /dashboard/issues/add (?parent_id= for a sub-issue, ?workspace_id= preselected, ?asset_id= for an
 * asset, in its workspace) and /dashboard/issues/edit/:id.
 */
export function IssueFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const editId = idParam(params.id);
  const parentId = editId === null ? idParam(searchParams.get('parent_id')) : null;
  const presetWorkspace = idParam(searchParams.get('workspace_id'));
  const presetAssetId = editId === null && parentId === null ? idParam(searchParams.get('asset_id')) : null;
  const presetAsset = useAsset(presetAssetId);
  const issue = useIssue(editId);
  const parent = useIssue(parentId);
  // Bumped to restart the form from the issue as saved now (someone else changed it, issue 20).
  const [formVersion, setFormVersion] = useState(0);
  const reloadIssue = () => {
    void issue.refetch().then(() => setFormVersion((v) => v + 1));
  };
  const config = useConfig(true);
  const settings = useMemo<ClientSettings>(
    () => config.data?.client?.settings ?? ZClientSettingsSchema.parse({}),
    [config.data],
  );

  if (params.id !== undefined && editId === null) return <IssueNotFound />;
  const loading =
    (editId !== null && issue.isPending) ||
    (parentId !== null && parent.isPending) ||
    (presetAssetId !== null && presetAsset.isPending);
  if (loading || config.isPending) return <FormSkeleton />;
  const failed = editId !== null ? issue : parentId !== null ? parent : null;
  if (failed?.isError) {
    if (failed.error instanceof ApiError && failed.error.status === 404) return <IssueNotFound />;
    return (
      <ErrorPanel title={t('issues.load_failed')} error={failed.error} onRetry={() => failed.refetch()} />
    );
  }
  if (editId !== null && issue.data && !issue.data.permissions.can_edit) {
    return (
      <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
        {t('errors.forbidden')}
      </Alert>
    );
  }
  const initial =
    editId !== null && issue.data
      ? issueFormOf(issue.data)
      : emptyIssueForm({
          parentId,
          workspaceId: parent.data?.workspace_id ?? presetAsset.data?.workspace.id ?? presetWorkspace,
          // An asset that cannot be read (gone, not visible) is simply not preset.
          asset: presetAsset.data
            ? {
                id: presetAsset.data.id,
                name: presetAsset.data.name,
                workspace_id: presetAsset.data.workspace.id,
              }
            : null,
        });
  return (
    <IssueDates>
      <IssueForm
        key={editId !== null ? `${editId}-${formVersion}` : `new-${parentId ?? ''}`}
        editId={editId}
        initial={initial}
        settings={settings}
        parentTitle={parent.data?.title ?? null}
        canEditDescription={editId === null || (issue.data?.permissions.can_edit_description ?? false)}
        canAssign={editId === null || (issue.data?.permissions.can_assign ?? false)}
        savedAssignee={issue.data?.assignee ?? null}
        editTitle={issue.data?.title ?? null}
        savedIssue={editId !== null ? (issue.data ?? null) : null}
        onReload={reloadIssue}
      />
    </IssueDates>
  );
}

function FormSkeleton() {
  return (
    <Stack aria-busy="true" maw={860}>
      <Skeleton h={36} w={280} />
      <Skeleton h={520} radius="md" />
    </Stack>
  );
}

function IssueForm({
  editId,
  initial,
  settings,
  parentTitle,
  canEditDescription,
  canAssign,
  savedAssignee,
  editTitle,
  savedIssue,
  onReload,
}: {
  editId: number | null;
  initial: IssueFormState;
  settings: ClientSettings;
  parentTitle: string | null;
  canEditDescription: boolean;
  canAssign: boolean;
  savedAssignee: { id: number; full_name: string } | null;
  editTitle: string | null;
  /** The issue being edited (its attachments and permissions); null when creating. */
  savedIssue: Issue | null;
  /** Restarts the form from the issue as saved now. */
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const role = useAuth().session?.user.role ?? 'user';
  const isAdmin = role === 'admin';
  const [form, setForm] = useState<IssueFormState>(initial);
  // What the form started from: a save sends only what was changed here, even after a refetch
  // brought someone else's changes (they stay where this form left the field alone).
  const [base] = useState<IssueFormState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>(null);
  // 001 §3 Location, offered with include_issue_address (settings.display.address).
  const [location, setLocation] = useState(savedIssue?.location ?? null);
  const addressOn = settings.display.address;
  const people = useWorkspacePeople(form.workspace_id);
  const categories = useCategories();
  const workspaces = useWorkspaceChoices();
  const save = useSaveIssue(editId);
  const invalidateIssues = useInvalidateIssues();
  // The gallery's changes wait for the save (001 §4 "Attachment editing").
  const [attachments, setAttachments] = useState(() =>
    itemsFromAttachments(savedIssue ? attachmentsOf(savedIssue) : []),
  );
  const [savingAttachments, setSavingAttachments] = useState(false);
  const isSubIssue = form.parent_id !== null;

  const set = <K extends keyof IssueFormState>(key: K, value: IssueFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  // A person who cannot work in the newly chosen workspace is no longer the assignee.
  const peopleIds = useMemo(() => people.data?.map((p) => p.id) ?? null, [people.data]);
  // (A saved issue keeps its assignee until the workspace is changed here.)
  const [workspaceChanged, setWorkspaceChanged] = useState(false);
  useEffect(() => {
    if (peopleIds && (workspaceChanged || editId === null))
      setForm((f) => ({ ...f, assignee_id: keepAssignee(f.assignee_id, peopleIds) }));
  }, [peopleIds, workspaceChanged, editId]);

  const peopleOptions = useMemo(() => {
    const options = (people.data ?? []).map((p) => ({
      value: String(p.id),
      label: p.company ? `${p.full_name} (${p.company.name})` : p.full_name,
    }));
    // The saved assignee stays shown even when the list no longer offers them.
    if (
      savedAssignee &&
      form.assignee_id === savedAssignee.id &&
      !options.some((o) => o.value === String(savedAssignee.id))
    )
      options.unshift({ value: String(savedAssignee.id), label: savedAssignee.full_name });
    return options;
  }, [people.data, savedAssignee, form.assignee_id]);
  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    [categories.data],
  );
  const priorityOptions = PRIORITIES.map((p) => ({
    value: String(p.id),
    label: t(`issues.priority.${p.name}`),
  }));

  const now = new Date();
  const minDate = isAdmin || editId !== null ? undefined : startOfToday(now);
  const dueMin = form.start_date ? new Date(form.start_date) : minDate;

  const setStart = (iso: string | null) => {
    const next = datesAfterStartChange(iso, form.due_date);
    const due = iso && next.due_date === null ? defaultDueDate(iso) : next.due_date;
    setForm((f) => ({ ...f, start_date: iso, due_date: due }));
    setErrors(({ start_date: _s, due_date: _d, ...rest }) => rest);
  };

  const fieldError = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);

  // Assets (001 §5): offered when the organisation uses them, requires them, or the issue names one.
  const showAssets =
    settings.include_assets ||
    settings.is_asset_required ||
    initial.asset_id !== null ||
    initial.asset_group_id !== null;
  const setAssets = (next: AssetSelection) => {
    setForm((f) => ({ ...f, ...next }));
    setErrors(({ asset_id: _a, asset_group_id: _g, ...rest }) => rest);
  };

  // Equipment (000 §3 equipment_ids): offered when the organisation uses it, or the issue names some.
  const showEquipment = settings.include_equipment || initial.equipment_ids.length > 0;

  const checkProcessNr = async () => {
    const value = form.process_number.trim();
    if (value.length !== PROCESS_NUMBER_LENGTH || value === initial.process_number) return true;
    try {
      const answer = await checkProcessNumber(value);
      if (answer.exists) {
        setErrors((e) => ({ ...e, process_number: 'process_nr_taken' }));
        return false;
      }
    } catch {
      // The check is a convenience: the server checks again on save.
    }
    return true;
  };

  const updateOptions = { includeProcessNumber: settings.include_issue_process_number, canEditDescription };
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateIssueForm(
      domainFormValues(form),
      settings,
      { role },
      { now: new Date(), is_new: editId === null },
    );
    setFormError(null);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (settings.include_issue_process_number && !(await checkProcessNr())) return;
    try {
      const saved =
        editId === null
          ? await save.mutateAsync({
              ...createRequestOf(form, settings.include_issue_process_number),
              ...locationBody(null, location, { offered: addressOn }),
            })
          : await save.mutateAsync({
              ...changedFields(updateRequestOf(form, updateOptions), updateRequestOf(base, updateOptions)),
              ...locationBody(savedIssue?.location ?? null, location, { offered: addressOn }),
            });
      notify.ok(editId === null ? 'issues.created' : 'issues.saved');
      if (!(await saveAttachments(saved.id)) && editId !== null) return;
      navigate(saved.parent_id ? issuePaths.detail(saved.parent_id, saved.id) : issuePaths.detail(saved.id));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
      else setFormError(err);
    }
  };

  /** New, changed and deleted attachments after the issue itself is saved; false when refused. */
  const saveAttachments = async (issueId: number): Promise<boolean> => {
    if (changeCount(attachments) === 0) return true;
    setSavingAttachments(true);
    try {
      if (editId === null) await uploadNewItems(issueId, attachments);
      else await saveGalleryChanges(issueId, attachments);
      for (const url of previewUrls(attachments)) URL.revokeObjectURL(url);
      return true;
    } catch (err) {
      notify.failWithTitle(t('attachments.not_saved'), err);
      return false;
    } finally {
      setSavingAttachments(false);
      void invalidateIssues();
    }
  };

  const heading = t(
    editId === null ? (isSubIssue ? 'issues.add_subissue_title' : 'issues.add_title') : 'issues.edit_title',
  );
  const cancelTo =
    editId !== null
      ? issuePaths.detail(editId)
      : form.parent_id
        ? issuePaths.detail(form.parent_id)
        : '/dashboard/issues';
  return (
    <Stack gap="md" maw={860}>
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard/issues">
          {t('issues.title')}
        </Anchor>
        {editId !== null && (
          <Anchor component={Link} to={issuePaths.detail(editId)}>
            {editTitle}
          </Anchor>
        )}
        <Text>{heading}</Text>
      </Breadcrumbs>
      <Title order={1} size="h2">
        {heading}
      </Title>
      {isSubIssue && parentTitle && editId === null && (
        <Text c="dimmed" size="sm">
          {t('issues.subissue_of')}{' '}
          <Anchor component={Link} to={issuePaths.detail(form.parent_id ?? 0)}>
            {parentTitle}
          </Anchor>
        </Text>
      )}
      {editId !== null && (
        <IssueChangedBanner
          issueId={editId}
          dirty={
            changeCount(attachments) > 0 ||
            Object.keys(
              changedFields(updateRequestOf(form, updateOptions), updateRequestOf(base, updateOptions)),
            ).length > 0
          }
          onLoad={onReload}
        />
      )}
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="form"
        onSubmit={handleSubmit}
        noValidate
      >
        <Stack gap="md">
          {formError !== null && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(formError)}
            </Alert>
          )}
          <TextInput
            label={t('issues.fields.title')}
            withAsterisk
            value={form.title}
            maxLength={ISSUE_TITLE_MAX}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={fieldError('title')}
            description={t('issues.counter', { value: form.title.length, max: ISSUE_TITLE_MAX })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoFocus={editId === null}
          />
          <TextareaWithTemplates
            label={t('issues.fields.description')}
            value={form.description}
            maxLength={ISSUE_DESCRIPTION_MAX}
            onChange={(value) => set('description', value)}
            error={fieldError('description')}
            disabled={!canEditDescription}
            autosize
            minRows={3}
            maxRows={12}
            description={t('issues.counter', { value: form.description.length, max: ISSUE_DESCRIPTION_MAX })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <WorkspaceSelect
              label={t('issues.fields.workspace')}
              placeholder={t('issues.workspace_placeholder')}
              withAsterisk
              value={form.workspace_id}
              onChange={(id) => {
                set('workspace_id', id);
                setWorkspaceChanged(true);
              }}
              error={fieldError('workspace_id')}
              disabled={isSubIssue && editId === null}
            />
            <Select
              label={t('issues.fields.assignee')}
              placeholder={
                form.workspace_id === null
                  ? t('issues.assignee_pick_workspace')
                  : t('issues.assignee_placeholder')
              }
              withAsterisk={settings.is_assignee_mandatory}
              data={peopleOptions}
              value={form.assignee_id === null ? null : String(form.assignee_id)}
              onChange={(v) => set('assignee_id', v === null ? null : Number(v))}
              searchable
              clearable
              nothingFoundMessage={t('issues.no_results')}
              error={fieldError('assignee_id')}
              disabled={form.workspace_id === null || people.isPending || !canAssign}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('issues.fields.priority')}
              data={priorityOptions}
              value={String(form.priority_id)}
              onChange={(v) => set('priority_id', v === null ? 3 : Number(v))}
              allowDeselect={false}
              error={fieldError('priority_id')}
            />
            <Select
              label={t('issues.fields.category')}
              placeholder={t('issues.category_placeholder')}
              data={categoryOptions}
              value={form.category_id === null ? null : String(form.category_id)}
              onChange={(v) => set('category_id', v === null ? null : Number(v))}
              clearable
              searchable
              nothingFoundMessage={t('issues.no_results')}
              error={fieldError('category_id')}
            />
          </SimpleGrid>
          {showAssets && (
            <AssetPicker
              workspaceId={form.workspace_id}
              workspaces={workspaces.data ?? []}
              value={form}
              onChange={setAssets}
              required={settings.is_asset_required}
              errors={{ asset_id: fieldError('asset_id'), asset_group_id: fieldError('asset_group_id') }}
            />
          )}
          {showEquipment && (
            <EquipmentPicker
              label={t('equipment-sets.picker.label')}
              value={form.equipment_ids}
              onChange={(ids) => set('equipment_ids', ids)}
              known={initial.equipments}
              error={fieldError('equipment_ids')}
              data-testid="issue-equipment"
            />
          )}
          <MultiSelect
            label={t('issues.fields.categories')}
            data={categoryOptions.filter((c) => c.value !== String(form.category_id))}
            value={form.categories.map(String)}
            onChange={(v) => set('categories', v.map(Number))}
            searchable
            clearable
            nothingFoundMessage={t('issues.no_results')}
            error={fieldError('categories')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateTimePicker
              label={t('issues.fields.start_date')}
              placeholder={t('issues.date_placeholder')}
              value={isoToPicker(form.start_date)}
              onChange={(v) => setStart(pickerToIso(v))}
              minDate={minDate}
              clearable
              valueFormat="DD.MM.YYYY HH:mm"
              error={fieldError('start_date')}
            />
            <DateTimePicker
              label={t('issues.fields.due_date')}
              placeholder={t('issues.date_placeholder')}
              value={isoToPicker(form.due_date)}
              onChange={(v) => set('due_date', pickerToIso(v))}
              minDate={dueMin}
              clearable
              valueFormat="DD.MM.YYYY HH:mm"
              error={fieldError('due_date')}
            />
          </SimpleGrid>
          <Group gap="xl">
            <Checkbox
              label={t('issues.fields.is_attachment_required')}
              checked={form.is_attachment_required}
              onChange={(e) => set('is_attachment_required', e.currentTarget.checked)}
            />
            <Checkbox
              label={t('issues.fields.is_worktime_required')}
              checked={form.is_worktime_required}
              onChange={(e) => set('is_worktime_required', e.currentTarget.checked)}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {settings.include_issue_process_number && (
              <TextInput
                label={t('issues.fields.process_number')}
                withAsterisk
                value={form.process_number}
                maxLength={PROCESS_NUMBER_LENGTH}
                onChange={(e) => set('process_number', e.currentTarget.value)}
                onBlur={() => void checkProcessNr()}
                description={t('issues.process_number_hint', { count: PROCESS_NUMBER_LENGTH })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={fieldError('process_number')}
              />
            )}
            <TextInput
              label={t('issues.fields.external_email_address')}
              type="email"
              value={form.external_email_address}
              onChange={(e) => set('external_email_address', e.currentTarget.value)}
              error={fieldError('external_email_address')}
            />
          </SimpleGrid>
          {addressOn && (
            <LocationField value={location} onChange={setLocation} error={fieldError('location')} />
          )}
          <FormAttachments issue={savedIssue} items={attachments} onItemsChange={setAttachments} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={cancelTo}>
              {t('issues.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending || savingAttachments}>
              {t('issues.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
