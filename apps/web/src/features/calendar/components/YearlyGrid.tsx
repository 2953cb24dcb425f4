import {
  ActionIcon,
  Box,
  Center,
  Loader,
  Menu,
  Paper,
  Portal,
  Text,
  UnstyledButton,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconEdit, IconListDetails } from '@tabler/icons-react';
import type { CalendarItem, CalendarYearlyEvent, CalendarYearlyRow } from '@workbench/domain';
import {
  type CSSProperties,
  type FocusEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { colorForms } from '../../../app/theme';
import { calendarLinks } from '../calendar-state';
import {
  cellChips,
  cellsByMonth,
  DISPLAY_TYPE_COLORS,
  isPreparedTask,
  itemColor,
  itemDay,
  itemWhen,
} from '../yearly-cells';

/** The grid's geometry (001 §9): rows 36 px high, 12 month columns, the title column sticky. */
export const YEARLY_ROW_HEIGHT = 36;
const MONTH_MIN_WIDTH = { phone: 76, desktop: 68 };
const TITLE_WIDTH = { phone: 150, desktop: 230 };
/** How near the bottom (px) the next 50 rows are asked for (001 §9). */
const LOAD_MORE_DISTANCE = 25;

export type YearlyCellRef = { scheduleId: number; scheduleTitle: string; month: number };

type ChipTip = { text: string; x: number; y: number; below: boolean };

/**
 * One tooltip for the whole grid: a chip or a title says what it shows in data-tip, and the tip
 * follows the pointer or the keyboard focus there (thousands of chips, no tooltip each).
 */
function useGridTip() {
  const [tip, setTip] = useState<ChipTip | null>(null);
  const show = useCallback((target: EventTarget | null) => {
    const element = (target as HTMLElement | null)?.closest?.('[data-tip]') as HTMLElement | null;
    const text = element?.dataset.tip;
    if (!element || !text) return setTip(null);
    const box = element.getBoundingClientRect();
    const below = box.top < 80;
    setTip({ text, x: box.left + box.width / 2, y: below ? box.bottom + 6 : box.top - 6, below });
  }, []);
  const handlers = {
    onMouseOver: (e: MouseEvent) => show(e.target),
    onMouseLeave: () => setTip(null),
    onFocus: (e: FocusEvent) => show(e.target),
    onBlur: () => setTip(null),
    onScroll: () => setTip(null),
  };
  const element = tip && (
    <Portal>
      <Paper
        role="tooltip"
        shadow="md"
        px={8}
        py={4}
        radius="sm"
        bg="dark.7"
        c="white"
        fz="xs"
        maw={320}
        style={{
          position: 'fixed',
          left: Math.max(8, Math.min(tip.x, window.innerWidth - 168)),
          top: tip.y,
          transform: `translate(-50%, ${tip.below ? '0' : '-100%'})`,
          zIndex: 400,
          pointerEvents: 'none',
          whiteSpace: 'pre-line',
          width: 'max-content',
        }}
      >
        {tip.text}
      </Paper>
    </Portal>
  );
  return { handlers, element };
}

/**
 * One item of a cell: a coloured chip with the day of the month (grey for a prepared task), its
 * title, date and state in the shared tooltip. The chips are drawn inside the cell's one button
 * (targets of 24 px at least, WCAG 2.5.8): a pointer on a chip opens that item, anywhere else in
 * the cell the list of all; the keyboard opens the list, where every item is a link.
 */
function Chip({ item, index, timeZone }: { item: CalendarItem; index: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const theme = useMantineTheme();
  const forms = colorForms(theme.colors[itemColor(item)]?.[6] ?? '#868e96');
  const prepared = isPreparedTask(item);
  const when = itemWhen(item, i18n.language, timeZone);
  const kind = prepared ? t('calendar.display.PREPARED') : t(`calendar.display.${item.displayType}`);
  return (
    <span
      style={{ ...CHIP_STYLE, background: forms.filled, color: forms.onFilled }}
      aria-hidden
      data-item-index={index}
      data-tip={`${item.title}\n${[when, kind].filter(Boolean).join(' · ')}`}
      data-testid="yearly-chip"
      data-display={prepared ? 'PREPARED' : item.displayType}
    >
      {itemDay(item, timeZone)}
    </span>
  );
}

const CHIP_STYLE: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: 14,
  minWidth: 18,
  padding: '0 2px',
  borderRadius: 3,
  fontSize: 10,
  lineHeight: 1,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
};

function Cell({
  cell,
  row,
  month,
  monthName,
  current,
  timeZone,
  onMore,
  onItem,
}: {
  cell: CalendarYearlyEvent | undefined;
  row: CalendarYearlyRow;
  month: number;
  /** The month with its year in words, for the cell's name. */
  monthName: string;
  current: boolean;
  timeZone: string;
  onMore: (cell: YearlyCellRef) => void;
  onItem: (item: CalendarItem) => void;
}) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const { items, more } = cellChips(cell);
  const count = cell?.count ?? 0;
  const block = cell?.blockDisplayType ?? 'PLANNED';
  const blockForms = colorForms(theme.colors[DISPLAY_TYPE_COLORS[block]]?.[6] ?? '#868e96');
  const name = t('calendar.yearly.cell_label', { title: row.scheduleTitle, month: monthName, count });
  return (
    <td
      style={{ ...CELL_STYLE, background: current ? 'var(--mantine-color-brand-light)' : undefined }}
      data-testid="yearly-cell"
      data-month={month}
      data-count={count}
    >
      {count > 0 && (
        <UnstyledButton
          aria-haspopup="dialog"
          data-tip={name}
          data-testid="yearly-cell-button"
          onClick={(e) => {
            const chip = (e.target as HTMLElement).closest<HTMLElement>('[data-item-index]');
            const item = chip ? items[Number(chip.dataset.itemIndex)] : undefined;
            if (item) onItem(item);
            else onMore({ scheduleId: row.scheduleId, scheduleTitle: row.scheduleTitle, month });
          }}
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignContent: 'center',
            // Holds its hidden name, which would otherwise widen the page (not only the grid).
            position: 'relative',
            width: '100%',
            height: '100%',
            padding: '1px 3px',
          }}
        >
          <VisuallyHidden>{name}</VisuallyHidden>
          {items.map((item, index) => (
            <Chip key={String(item.id)} item={item} index={index} timeZone={timeZone} />
          ))}
          {more > 0 && (
            <span
              aria-hidden
              style={{ ...CHIP_STYLE, background: blockForms.filled, color: blockForms.onFilled }}
              data-testid="yearly-more"
            >
              +{more}
            </span>
          )}
        </UnstyledButton>
      )}
    </td>
  );
}

const BORDER = '1px solid var(--mantine-color-default-border)';
const CELL_STYLE: CSSProperties = {
  height: YEARLY_ROW_HEIGHT,
  padding: 0,
  borderBottom: BORDER,
  borderLeft: BORDER,
  verticalAlign: 'middle',
};

function RowMenu({ row }: { row: CalendarYearlyRow }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('calendar.yearly.row_menu', { title: row.scheduleTitle })}
          data-testid="yearly-row-menu"
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={calendarLinks.editSchedule(row.scheduleId)}
          leftSection={<IconEdit size={16} />}
        >
          {t('calendar.yearly.edit_schedule')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={calendarLinks.scheduledTasks(row.scheduleId)}
          leftSection={<IconListDetails size={16} />}
        >
          {t('calendar.yearly.view_all_tasks')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The yearly view's grid (001 §2 "Yearly view"): one row per schedule, its title (the assets in
 * its tooltip) and menu in a sticky first column, then twelve month columns of up to 5 chips
 * and one '+N' chip for the rest. It scrolls both ways in its own box (the months sideways on a
 * phone, the title column staying), and asks for the next rows 25 px before its end.
 */
export function YearlyGrid({
  rows,
  months,
  monthNames,
  currentMonth,
  timeZone,
  phone,
  faded,
  busy,
  hasMore,
  loadingMore,
  onLoadMore,
  onMore,
  onItem,
}: {
  rows: CalendarYearlyRow[];
  months: string[];
  /** Each month with the year in words ("November 2026"). */
  monthNames: string[];
  currentMonth: number | null;
  timeZone: string;
  phone: boolean;
  /** The rows are the previous query's, shown until the new ones come. */
  faded: boolean;
  busy: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onMore: (cell: YearlyCellRef) => void;
  onItem: (item: CalendarItem) => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const tip = useGridTip();
  const titleWidth = phone ? TITLE_WIDTH.phone : TITLE_WIDTH.desktop;

  const nearEnd = () => {
    const box = scroller.current;
    return !!box && box.scrollHeight - box.scrollTop - box.clientHeight <= LOAD_MORE_DISTANCE;
  };
  const maybeLoad = () => {
    if (hasMore && !loadingMore && nearEnd()) onLoadMore();
  };
  // A narrow grid opens at this month (the one before it first), not at January.
  const hasRows = rows.length > 0;
  useEffect(() => {
    const box = scroller.current;
    if (!box || !hasRows || box.scrollWidth <= box.clientWidth) return;
    const month = currentMonth
      ? box.querySelectorAll<HTMLElement>('[data-testid="yearly-month"]')[Math.max(0, currentMonth - 2)]
      : undefined;
    box.scrollLeft = month ? month.offsetLeft - titleWidth : 0;
  }, [currentMonth, hasRows, titleWidth]);

  // Rows that do not fill the box leave nothing to scroll: the next page comes at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the rows or the paging change
  useEffect(maybeLoad, [rows.length, hasMore, loadingMore]);

  const headStyle: CSSProperties = {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    height: 32,
    background: 'var(--mantine-color-body)',
    borderBottom: BORDER,
    fontSize: 'var(--mantine-font-size-sm)',
    fontWeight: 600,
  };

  return (
    <Box
      ref={scroller}
      // A box that scrolls must be reachable by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
      role="region"
      aria-label={t('calendar.yearly.grid_label')}
      onScroll={() => {
        tip.handlers.onScroll();
        maybeLoad();
      }}
      aria-busy={busy}
      style={{
        overflow: 'auto',
        // As high as its rows, at most what the page leaves (a phone: most of the screen).
        flex: '0 1 auto',
        minHeight: phone ? undefined : 160,
        maxHeight: phone ? '75dvh' : undefined,
        opacity: faded ? 0.6 : 1,
        border: BORDER,
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-white)',
        overscrollBehavior: 'contain',
      }}
      data-testid="yearly-grid"
    >
      <table
        style={{
          borderCollapse: 'separate',
          borderSpacing: 0,
          tableLayout: 'fixed',
          width: '100%',
          minWidth: titleWidth + 12 * (phone ? MONTH_MIN_WIDTH.phone : MONTH_MIN_WIDTH.desktop),
        }}
        onMouseOver={tip.handlers.onMouseOver}
        onMouseLeave={tip.handlers.onMouseLeave}
        onFocus={tip.handlers.onFocus}
        onBlur={tip.handlers.onBlur}
      >
        <colgroup>
          <col style={{ width: titleWidth }} />
          {months.map((m) => (
            <col key={m} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" style={{ ...headStyle, left: 0, zIndex: 3, textAlign: 'left', paddingInline: 8 }}>
              {t('calendar.yearly.schedule')}
            </th>
            {months.map((label, i) => {
              const current = currentMonth === i + 1;
              return (
                <th
                  key={label}
                  scope="col"
                  aria-current={current ? 'date' : undefined}
                  style={{
                    ...headStyle,
                    borderLeft: BORDER,
                    textAlign: 'center',
                    background: current ? 'var(--mantine-color-brand-filled)' : headStyle.background,
                    color: current ? 'var(--mantine-primary-color-contrast)' : undefined,
                  }}
                  data-testid="yearly-month"
                >
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const cells = cellsByMonth(row.events);
            const assets = [row.assetTooltip, row.assetGroupTooltip].filter(Boolean).join('\n');
            return (
              <tr key={row.scheduleId} data-testid="yearly-row" data-schedule-id={row.scheduleId}>
                <th
                  scope="row"
                  style={{
                    position: 'sticky',
                    left: 0,
                    zIndex: 1,
                    height: YEARLY_ROW_HEIGHT,
                    padding: '0 2px 0 8px',
                    background: 'var(--mantine-color-white)',
                    borderBottom: BORDER,
                    textAlign: 'left',
                    fontWeight: 500,
                  }}
                >
                  <Box style={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
                    <Text
                      size="sm"
                      truncate="end"
                      style={{ flex: 1, minWidth: 0 }}
                      data-tip={assets ? `${row.scheduleTitle}\n${assets}` : row.scheduleTitle}
                    >
                      {row.scheduleTitle}
                    </Text>
                    <RowMenu row={row} />
                  </Box>
                </th>
                {cells.map((cell, i) => (
                  <Cell
                    // biome-ignore lint/suspicious/noArrayIndexKey: the twelve months are the columns
                    key={i}
                    cell={cell}
                    row={row}
                    month={i + 1}
                    monthName={monthNames[i] ?? ''}
                    current={currentMonth === i + 1}
                    timeZone={timeZone}
                    onMore={onMore}
                    onItem={onItem}
                  />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {loadingMore && (
        <Center py="xs" role="status" aria-label={t('calendar.loading')}>
          <Loader size="sm" />
        </Center>
      )}
      {tip.element}
    </Box>
  );
}
