import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Image,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessage } from '@tabler/icons-react';
import {
  type CalendarItem,
  canQuickCompleteCalendarItem,
  issuePriorityName,
  issueStatusName,
  resolveLanguage,
} from '@workbench/domain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotify } from '../../../ui/feedback/use-notify';
import { cardColour } from '../card-colours';
import { fromLocalInput, toLocalInput } from '../day-clock';
import {
  QuickCompleteRefused,
  useQuickComplete,
  useSaveCalendarItem,
  useScheduledTask,
} from '../timeline-api';

/** The popup's size (001 §9): 410 px wide, 350 below 1600 px; at most 375 high. */
const POPUP_MAX_HEIGHT = 375;
/** Descriptions are cut at 150 characters with show more / less. */
const DESCRIPTION_CUT = 150;
/** The popup floats over the timeline and its sticky headers… */
const POPUP_Z_INDEX = 300;
/** …and the unsaved-changes question floats over the popup, wherever the popup stands. */
const ASK_CLOSE_Z_INDEX = POPUP_Z_INDEX + 10;

type Draft = { title: string; description: string; start: string; due: string };
const draftOf = (item: CalendarItem): Draft => ({
  title: item.title,
  description: item.description ?? '',
  start: toLocalInput(item.start_date),
  due: toLocalInput(item.due_date),
});

/**
 * The issue details popup (001 §2, §4): next to its card, editing title, description and dates in
 * place (Save appears once something changed; closing with unsaved changes asks first), quick
 * complete where the §6 rule allows, the issue's page behind a link. A prepared task is read
 * only, read fresh from GET scheduled_tasks/{id}.
 */
export function ItemPopup({
  item: given,
  anchor,
  onClose,
}: {
  item: CalendarItem;
  anchor: DOMRect;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  const wide = useMediaQuery('(min-width: 1600px)', true);
  const width = wide ? 410 : 350;
  const notify = useNotify();
  const prepared = given.is_scheduled_prepared_task || given.status_id === 0;
  const task = useScheduledTask(prepared && typeof given.id === 'string' ? given.id : null);
  const item = task.data ?? given;
  const editable = !prepared && item.permissions.canEdit && typeof item.id === 'number';
  const [draft, setDraft] = useState<Draft>(() => draftOf(given));
  const [showAll, setShowAll] = useState(false);
  const [editingDescription, setEditingDescription] = useState(false);
  const [askClose, setAskClose] = useState(false);
  const save = useSaveCalendarItem();
  const quickComplete = useQuickComplete();
  const paper = useRef<HTMLDivElement>(null);
  const initial = draftOf(given);
  const dirty =
    editable &&
    (draft.title !== initial.title ||
      draft.description !== initial.description ||
      draft.start !== initial.start ||
      draft.due !== initial.due);

  const requestClose = () => (dirty ? setAskClose(true) : onClose());
  const requestCloseRef = useRef(requestClose);
  requestCloseRef.current = requestClose;

  useEffect(() => {
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (paper.current?.contains(target)) return;
      // Mantine's modal (the unsaved-changes question) lives in a portal.
      if ((target as Element).closest?.('.mantine-Modal-root')) return;
      requestCloseRef.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') requestCloseRef.current();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const [position, setPosition] = useState({ left: 0, top: 0 });
  useLayoutEffect(() => {
    const spaceRight = window.innerWidth - anchor.right;
    const left = spaceRight > width + 16 ? anchor.right + 8 : Math.max(8, anchor.left - width - 8);
    const top = Math.max(8, Math.min(anchor.top, window.innerHeight - POPUP_MAX_HEIGHT - 8));
    setPosition({ left: Math.min(left, window.innerWidth - width - 8), top });
  }, [anchor, width]);

  const handleSave = () => {
    if (typeof item.id !== 'number') return;
    save.mutate(
      {
        id: item.id,
        body: {
          title: draft.title.trim(),
          description: draft.description || null,
          start_date: fromLocalInput(draft.start),
          due_date: fromLocalInput(draft.due),
        },
      },
      {
        onSuccess: () => {
          notify.ok('calendar-timeline.saved');
          onClose();
        },
        onError: notify.fail,
      },
    );
  };

  const description = item.description ?? '';
  const cut = !showAll && description.length > DESCRIPTION_CUT;
  return (
    <>
      <Paper
        ref={paper}
        role="dialog"
        aria-label={item.title}
        data-testid="calendar-popup"
        shadow="lg"
        withBorder
        p="sm"
        style={{
          position: 'fixed',
          left: position.left,
          top: position.top,
          width,
          maxHeight: POPUP_MAX_HEIGHT,
          overflowY: 'auto',
          zIndex: POPUP_Z_INDEX,
        }}
      >
        <Stack gap={8}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Badge color={cardColour(item)} variant="light">
              {prepared ? t('calendar-timeline.prepared_task') : issueStatusName(language, item.status_id)}
            </Badge>
            <CloseButton size="sm" aria-label={t('calendar-timeline.close')} onClick={requestClose} />
          </Group>
          {editable ? (
            <TextInput
              size="xs"
              label={t('calendar-timeline.title')}
              value={draft.title}
              onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
              error={
                draft.title.trim().length > 0 && draft.title.trim().length < 2
                  ? t('calendar-timeline.title_too_short')
                  : undefined
              }
            />
          ) : (
            <Text fw={600}>{item.title}</Text>
          )}
          <Group grow gap="xs">
            {editable ? (
              <>
                <TextInput
                  size="xs"
                  type="datetime-local"
                  label={t('calendar-timeline.start')}
                  value={draft.start}
                  onChange={(event) => setDraft({ ...draft, start: event.currentTarget.value })}
                />
                <TextInput
                  size="xs"
                  type="datetime-local"
                  label={t('calendar-timeline.due')}
                  value={draft.due}
                  onChange={(event) => setDraft({ ...draft, due: event.currentTarget.value })}
                />
              </>
            ) : (
              <Text size="xs">
                {t('calendar-timeline.start')}: {draft.start.replace('T', ' ') || '—'} ·{' '}
                {t('calendar-timeline.due')}: {draft.due.replace('T', ' ') || '—'}
              </Text>
            )}
          </Group>
          <Text size="xs">
            <Text span c="dimmed" size="xs">
              {t('calendar-timeline.assignee')}:
            </Text>{' '}
            {item.assignee?.full_name ?? t('calendar-timeline.unassigned')} ·{' '}
            <Text span c="dimmed" size="xs">
              {t('calendar-timeline.workspace')}:
            </Text>{' '}
            {item.workspace.name} ·{' '}
            <Text span c="dimmed" size="xs">
              {t('calendar-timeline.priority')}:
            </Text>{' '}
            {issuePriorityName(language, item.priority_id)}
          </Text>
          {editable && editingDescription ? (
            <Textarea
              size="xs"
              label={t('calendar-timeline.description')}
              autosize
              minRows={2}
              maxRows={5}
              value={draft.description}
              onChange={(event) => setDraft({ ...draft, description: event.currentTarget.value })}
            />
          ) : (
            <Stack gap={2}>
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  {t('calendar-timeline.description')}
                </Text>
                {editable && (
                  <Anchor component="button" size="xs" onClick={() => setEditingDescription(true)}>
                    {t('calendar-timeline.edit')}
                  </Anchor>
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {description ? (cut ? `${description.slice(0, DESCRIPTION_CUT)}…` : description) : '—'}
              </Text>
              {description.length > DESCRIPTION_CUT && (
                <Anchor component="button" size="xs" onClick={() => setShowAll(!showAll)}>
                  {t(showAll ? 'calendar-timeline.show_less' : 'calendar-timeline.show_more')}
                </Anchor>
              )}
            </Stack>
          )}
          <Group gap={6}>
            <IconMessage size={14} aria-hidden />
            <Text size="xs">{t('calendar-timeline.comments', { count: item.number_of_comments })}</Text>
          </Group>
          {item.attachments.length > 0 && (
            <Group gap={4}>
              {item.attachments.slice(0, 6).map((attachment) => (
                <Anchor key={attachment.url} href={attachment.url} target="_blank" rel="noreferrer">
                  <Image
                    src={attachment.web_mob_thumbnail_url ?? attachment.url}
                    w={48}
                    h={48}
                    radius="sm"
                    fit="cover"
                    alt={t('calendar-timeline.attachment')}
                  />
                </Anchor>
              ))}
            </Group>
          )}
          <Group justify="space-between" mt={4}>
            {typeof item.id === 'number' ? (
              <Anchor component={Link} to={`/dashboard/issues/detail/${item.id}`} size="sm">
                {t('calendar-timeline.open_issue')}
              </Anchor>
            ) : (
              <Text size="xs" c="dimmed">
                {t('calendar-timeline.read_only')}
              </Text>
            )}
            <Group gap={6}>
              {canQuickCompleteCalendarItem(item) && typeof item.id === 'number' && (
                <Button
                  size="xs"
                  variant="light"
                  color="teal"
                  loading={quickComplete.isPending}
                  onClick={() =>
                    quickComplete.mutate(item.id as number, {
                      onSuccess: () => {
                        notify.ok('calendar-timeline.completed');
                        onClose();
                      },
                      // A refusal names its key (e.g. status_not_allowed), shown in the reader's language.
                      onError: (error) =>
                        notify.fail(error instanceof QuickCompleteRefused ? error.key : error),
                    })
                  }
                >
                  {t('calendar-timeline.quick_complete')}
                </Button>
              )}
              {dirty && (
                <Button
                  size="xs"
                  loading={save.isPending}
                  disabled={draft.title.trim().length < 2}
                  onClick={handleSave}
                >
                  {t('calendar-timeline.save')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </Paper>
      <Modal
        opened={askClose}
        onClose={() => setAskClose(false)}
        title={t('calendar-timeline.unsaved_title')}
        centered
        zIndex={ASK_CLOSE_Z_INDEX}
      >
        <Text size="sm">{t('calendar-timeline.unsaved_text')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAskClose(false)}>
            {t('calendar-timeline.keep_editing')}
          </Button>
          <Button color="red" onClick={onClose}>
            {t('calendar-timeline.discard')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
