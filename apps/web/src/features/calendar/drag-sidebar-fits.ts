import { useMediaQuery } from '@mantine/hooks';

/** 001 §2 and §9: the drag sidebar is shown only when the window is at least 1300 and below 2560 px wide. */
const DRAG_SIDEBAR_MEDIA = '(min-width: 1300px) and (max-width: 2559.98px)';

/** Whether the window is wide enough for the drag sidebar (its toggle is offered only then). */
export function useDragSidebarFits(): boolean {
  return useMediaQuery(DRAG_SIDEBAR_MEDIA, true);
}
