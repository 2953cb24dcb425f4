import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZE_OPTIONS } from '@workbench/domain';

/** The parts of a paged list answer (lists/paged.ts) that the footer shows. */
export type ListPageInfo = {
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
  total: number;
};

/** The rows shown, for the "showing x–y of z" text; an empty page has no from/to. */
export type ListPageRange = { from: number; to: number; total: number };

/**
 * The footer under a paged list: "showing x–y of z", the page-size select and, when there is
 * more than one page, the pagination. Texts come from the page so each feature keeps its keys.
 */
export function ListPaging({
  page,
  showing,
  rangeTestId,
  pageSize,
  pageSizeLabel,
  perPageLabel,
  pageSizeWidth = 140,
  onPageSize,
  onPage,
}: {
  page: ListPageInfo;
  showing: (range: ListPageRange) => string;
  rangeTestId?: string;
  pageSize: number;
  pageSizeLabel: string;
  perPageLabel: (size: number) => string;
  pageSizeWidth?: number;
  onPageSize: (size: number) => void;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" data-testid={rangeTestId}>
        {showing({ from: page.from ?? 0, to: page.to ?? 0, total: page.total })}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Select
          aria-label={pageSizeLabel}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
          data={PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: perPageLabel(n) }))}
          allowDeselect={false}
          w={pageSizeWidth}
        />
        {page.last_page > 1 && (
          <Pagination
            total={page.last_page}
            value={page.current_page}
            onChange={onPage}
            size="sm"
            siblings={1}
          />
        )}
      </Group>
    </Group>
  );
}
