import { useDraggable } from '@dnd-kit/core';
import { Box, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CalendarItem } from '@workbench/domain';
import { type CSSProperties, memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cardColour, cardStyle, TITLE_TOOLTIP_MIN } from '../card-colours';
import type { DragSource } from '../drop-plan';

/** Opens the detail popup next to an element (click, or hover after 500 ms where hover is allowed). */
export type OpenItem = (item: CalendarItem, anchor: HTMLElement) => void;

const HOVER_OPEN_MS = 500;
const canHover = () => typeof window !== 'undefined' && window.matchMedia('(hover: hover)').matches;

/** A card's face: title and a line under it (times, the other side's name). */
export function CardFace({ item, line, compact }: { item: CalendarItem; line: string; compact?: boolean }) {
  return (
    <>
      <Text size="xs" fw={600} lineClamp={compact ? 1 : 2} style={{ wordBreak: 'break-word' }}>
        {item.title}
      </Text>
      {line && (
        <Text size="xs" truncate="end">
          {line}
        </Text>
      )}
    </>
  );
}

/**
 * One calendar card. Draggable (mouse, touch and keyboard: Space picks it up) when the layout
 * rules allow; a click or Enter opens the detail popup, hovering opens it after 500 ms.
 */
export const TimelineCard = memo(function TimelineCard({
  item,
  dragId,
  source,
  draggable,
  line,
  style,
  compact,
  onOpen,
}: {
  item: CalendarItem;
  dragId: string;
  source: DragSource;
  draggable: boolean;
  line: string;
  style?: CSSProperties;
  compact?: boolean;
  onOpen: OpenItem;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: dragId,
    data: { source },
    disabled: !draggable,
  });
  const hoverTimer = useRef<number | undefined>(undefined);
  const colour = cardColour(item);
  const readOnly = item.is_scheduled_prepared_task || item.status_id === 0;
  return (
    <UnstyledButton
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-roledescription={draggable ? t('calendar-timeline.dnd.draggable') : undefined}
      title={item.title.length >= TITLE_TOOLTIP_MIN ? item.title : undefined}
      data-testid="calendar-card"
      data-item-id={String(item.id)}
      data-display-type={readOnly ? 'PREPARED' : item.displayType}
      onClick={(event) => {
        window.clearTimeout(hoverTimer.current);
        onOpen(item, event.currentTarget);
      }}
      onMouseEnter={(event) => {
        if (!canHover()) return;
        const anchor = event.currentTarget;
        hoverTimer.current = window.setTimeout(() => onOpen(item, anchor), HOVER_OPEN_MS);
      }}
      onMouseLeave={() => window.clearTimeout(hoverTimer.current)}
      onPointerDown={() => window.clearTimeout(hoverTimer.current)}
      style={{
        ...cardStyle(colour),
        display: 'block',
        overflow: 'hidden',
        borderRadius: 6,
        padding: compact ? '2px 6px' : '4px 8px',
        opacity: isDragging ? 0.35 : 1,
        cursor: draggable ? 'grab' : 'pointer',
        touchAction: draggable ? 'none' : undefined,
        boxShadow: '0 1px 2px rgba(0,0,0,0.12)',
        ...style,
      }}
    >
      <CardFace item={item} line={line} compact={compact} />
      {readOnly && <VisuallyHidden>{t('calendar-timeline.read_only')}</VisuallyHidden>}
    </UnstyledButton>
  );
});

/** The card shown under the pointer while dragging (dnd-kit's overlay). */
export function DraggedCard({ item, line, width }: { item: CalendarItem; line: string; width: number }) {
  return (
    <Box
      style={{
        ...cardStyle(cardColour(item)),
        width,
        borderRadius: 6,
        padding: '4px 8px',
        boxShadow: '0 8px 20px rgba(0,0,0,0.25)',
        cursor: 'grabbing',
      }}
      data-testid="calendar-drag-overlay"
    >
      <CardFace item={item} line={line} />
    </Box>
  );
}
