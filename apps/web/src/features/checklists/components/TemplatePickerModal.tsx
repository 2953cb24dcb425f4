import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { TEMPLATE_LIST_DEFAULTS } from '../../checklist-templates/list-params';
import { useChecklistTemplates } from '../../checklist-templates/templates-api';

/** Picks one of the organisation's checklist templates, searched by name, to add to the issue. */
export function TemplatePickerModal({
  opened,
  pending,
  onClose,
  onPick,
}: {
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onPick: (templateId: number) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS / 2);
  const [picked, setPicked] = useState<number | null>(null);
  const list = useChecklistTemplates(
    {
      ...TEMPLATE_LIST_DEFAULTS,
      sort_by: 'name',
      sort_direction: 'asc',
      paginate_by: 40,
      search: debounced || undefined,
    },
    { enabled: opened },
  );
  const templates = list.data?.data ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t('checklists.pick_template')} centered size="lg">
      <Stack>
        <TextInput
          data-autofocus
          leftSection={<IconSearch size={16} />}
          placeholder={t('checklists.search_templates')}
          aria-label={t('checklists.search_templates')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <ScrollArea.Autosize mah={360}>
          {list.isPending && (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          )}
          {list.isError && (
            <ErrorPanel
              title={t('checklists.load_failed')}
              error={list.error}
              onRetry={() => list.refetch()}
            />
          )}
          {list.data && templates.length === 0 && (
            <Text size="sm" c="dimmed" py="sm">
              {t(debounced ? 'checklists.no_templates_found' : 'checklists.no_templates')}
            </Text>
          )}
          <Stack gap={6} role="listbox" aria-label={t('checklists.pick_template')}>
            {templates.map((template) => (
              <Paper
                key={template.id}
                withBorder
                p="xs"
                radius="sm"
                data-testid="template-option"
                style={{
                  cursor: 'pointer',
                  borderColor: picked === template.id ? 'var(--mantine-primary-color-filled)' : undefined,
                }}
                onClick={() => setPicked(template.id)}
                onDoubleClick={() => onPick(template.id)}
                role="option"
                aria-selected={picked === template.id}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={600} lineClamp={1}>
                      {template.name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {template.items.map((i) => i.title).join(' · ') || t('checklists.no_items')}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    {template.category && (
                      <Badge variant="light" size="sm">
                        {template.category.name}
                      </Badge>
                    )}
                    <Badge variant="outline" color="gray" size="sm">
                      {t('checklists.items_count', { count: template.items_count })}
                    </Badge>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('checklists.cancel')}
          </Button>
          <Button
            disabled={picked === null}
            loading={pending}
            onClick={() => picked !== null && onPick(picked)}
          >
            {t('checklists.assign')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
