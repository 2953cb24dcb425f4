import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import {
  ZCalendarRowsQuerySchema,
  ZCalendarSidebarQuerySchema,
  ZCalendarWindowQuerySchema,
  ZCalendarYearlyEventsQuerySchema,
  ZCalendarYearlyQuerySchema,
} from './calendar-params.js';
import {
  ZCalendarCountsResponseSchema,
  ZCalendarItemPageSchema,
  ZCalendarItemSchema,
  ZCalendarItemsResponseSchema,
  ZCalendarSidebarPageSchema,
  ZCalendarUserRowsResponseSchema,
  ZCalendarWorkspaceRowsResponseSchema,
  ZCalendarYearlyResponseSchema,
  ZUpdateScheduledTaskRequestSchema,
  ZUserPositionsQuerySchema,
  ZUserPositionsResponseSchema,
} from './calendar-schemas.js';

const tags = ['Calendar'];

/** A prepared task's key: schedule id, start in seconds and asset id (0: the schedule's one task). */
export const ZScheduledTaskParamsSchema = z.object({
  id: z.string().regex(/^\d{1,10}:\d{1,12}:\d{1,10}$/, 'scheduleId:startSeconds:assetId'),
});

/**
 * The calendar (001 §7 "Calendar"): timelines of people and workspaces, the drag sidebar, the
 * yearly grid of schedules and its PDF. Every item is an issue the caller sees (issueVisibleSql)
 * or a prepared task of a schedule the caller sees; moves go through PUT issue/{id}, so the issue
 * rules decide them. Dates in queries are days (YYYY-MM-DD) in the organisation's time zone.
 */
export const calendarContracts = {
  users: defineContract({
    method: 'GET',
    path: '/calendar/users',
    caller: 'user',
    ids: {},
    query: ZCalendarRowsQuerySchema,
    response: ZCalendarUserRowsResponseSchema,
    tags,
    summary:
      "The users views' rows (25 a page): the people the caller manages (a member: only themself), each with their items between start_date and end_date (daily: the same day) and presence entries",
  }),
  workspaces: defineContract({
    method: 'GET',
    path: '/calendar/workspaces',
    caller: 'user',
    ids: {},
    query: ZCalendarRowsQuerySchema,
    response: ZCalendarWorkspaceRowsResponseSchema,
    tags,
    summary:
      "The workspaces views' rows (25 a page): only workspaces where the caller holds edit_workspace (admins; managers of the workspace), each with its items in the window and statistics",
  }),
  fullDays: defineContract({
    method: 'GET',
    path: '/calendar/weekly/full_days',
    caller: 'user',
    ids: {},
    query: ZCalendarWindowQuerySchema,
    response: ZCalendarItemsResponseSchema,
    tags,
    summary: 'Items spanning several days in the window, for the rows given (assignees or workspace_ids)',
  }),
  usersCount: defineContract({
    method: 'GET',
    path: '/calendar/weekly/users_count',
    caller: 'user',
    ids: {},
    query: ZCalendarWindowQuerySchema,
    response: ZCalendarCountsResponseSchema,
    tags,
    summary: "Each person's (assignees) events in the window, for the 200-event selection limit",
  }),
  workspacesCount: defineContract({
    method: 'GET',
    path: '/calendar/weekly/workspaces_count',
    caller: 'user',
    ids: {},
    query: ZCalendarWindowQuerySchema,
    response: ZCalendarCountsResponseSchema,
    tags,
    summary: "Each workspace's (workspace_ids) events in the window, for the 200-event selection limit",
  }),
  unscheduled: defineContract({
    method: 'GET',
    path: '/calendar/unscheduled',
    caller: 'user',
    ids: {},
    query: ZCalendarSidebarQuerySchema,
    response: ZCalendarSidebarPageSchema,
    tags,
    summary: 'Open issues without start and due date (the sidebar\'s "no date" tab), 30 a page',
  }),
  overdue: defineContract({
    method: 'GET',
    path: '/calendar/overdue',
    caller: 'user',
    ids: {},
    query: ZCalendarSidebarQuerySchema,
    response: ZCalendarSidebarPageSchema,
    tags,
    summary:
      'Issues past their due date and not completed (in review only with show_in_review_overdue), the sidebar\'s "overdue" tab, 30 a page',
  }),
  yearly: defineContract({
    method: 'GET',
    path: '/calendar/yearly',
    caller: 'user',
    ids: {},
    query: ZCalendarYearlyQuerySchema,
    response: ZCalendarYearlyResponseSchema,
    tags,
    summary:
      'The yearly grid: one row per schedule the caller sees (50 a page), twelve month cells of up to 5 items (issues and prepared tasks) with counts',
  }),
  yearlyEvents: defineContract({
    method: 'GET',
    path: '/calendar/yearly/events',
    caller: 'user',
    ids: {},
    query: ZCalendarYearlyEventsQuerySchema,
    response: ZCalendarItemPageSchema,
    tags,
    summary: 'All items of one yearly cell (scheduleId, month; the year from start_date), 150 a page',
  }),
  yearlyExport: defineContract({
    method: 'GET',
    path: '/calendar/yearly/export',
    caller: 'user',
    ids: {},
    query: ZCalendarYearlyQuerySchema,
    produces: ['application/pdf'],
    tags,
    summary: 'The yearly grid as a PDF (the query of GET calendar/yearly, every page of it)',
  }),
  yearlyExportPost: defineContract({
    method: 'POST',
    path: '/calendar/yearly/export',
    caller: 'user',
    ids: {},
    query: ZCalendarYearlyQuerySchema,
    produces: ['application/pdf'],
    tags,
    summary: 'The same PDF as GET calendar/yearly/export',
  }),
  scheduledTask: defineContract({
    method: 'GET',
    path: '/scheduled_tasks/:id',
    caller: 'user',
    ids: { id: 'scheduled_task' },
    params: ZScheduledTaskParamsSchema,
    response: ZCalendarItemSchema,
    tags,
    summary: "A schedule's prepared task (status 0, read only) by its key",
  }),
  updateScheduledTask: defineContract({
    method: 'PUT',
    path: '/scheduled_tasks/:id',
    caller: 'user',
    ids: { id: 'scheduled_task' },
    params: ZScheduledTaskParamsSchema,
    body: ZUpdateScheduledTaskRequestSchema,
    response: ZCalendarItemSchema,
    errors: ['schedule_archived', 'assignee_not_available'],
    tags,
    summary:
      "Prepare a future task now (admins and managers of the schedule's workspace): its issue is created at once with the changes given, and answered",
  }),
  userPositions: defineContract({
    method: 'GET',
    path: '/user_positions/fetch',
    caller: 'user',
    ids: {},
    query: ZUserPositionsQuerySchema,
    response: ZUserPositionsResponseSchema,
    tags,
    summary: 'Job positions of the organisation (the position filter), with how many people hold each',
  }),
};
