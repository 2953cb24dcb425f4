/**
 * THE table of notification events (issue 20): every event a person can be told about, what it
 * is about, who receives it and how by default. It decides who receives what: the server's
 * recipient resolvers (apps/server/src/modules/notifications/notification-recipients.ts) are
 * keyed by these audiences, the profile's preferences list these rows, the bell's texts and the
 * e-mails are keyed by the type. A new feature that wants to notify adds a row here (and, for a
 * new audience, its resolver).
 */

/** How a person hears of an event type: in the app only, also by e-mail, in a daily digest e-mail, or not at all. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'digest', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a notification is about; the web opens it (notificationPath). */
export type NotificationEntityType =
  | 'issue'
  | 'schedule'
  | 'collaboration'
  | 'equipment'
  | 'equipment_booking'
  | 'regulatory_file'
  | 'asset'
  /** A manager's request to share one's location (issue 21). */
  | 'location_request'
  /** A workspace's lease (issue 21); entity_id is the workspace's id. */
  | 'workspace_lease';

/** Who receives an event (never the person who caused it). */
export type NotificationAudience =
  /** The assignee (for assigned: the new one). */
  | 'assignee'
  /** The assignee an issue was taken from. */
  | 'previous_assignee'
  /** Who created (reported) the issue. */
  | 'reporter'
  | 'watchers'
  /** Managers of the workspace or above it (000 §6), and the organisation's admins when there are none. */
  | 'workspace_managers'
  /** Who created the schedule. */
  | 'schedule_creator'
  /** The schedule's assignees. */
  | 'schedule_assignees'
  /** The admins of the partner organisation invited or answering. */
  | 'partner_admins'
  /** The admins of the organisation that invited. */
  | 'owner_admins'
  /** The item's managers (its own, its group's), else the organisation's admins. */
  | 'equipment_managers'
  /** Who asked for a reservation or handout, or holds the item. */
  | 'requester'
  /** The managers of the assets the file belongs to, else the organisation's admins. */
  | 'asset_managers'
  /** The person a location request asks. */
  | 'asked_person'
  /** Who asked for someone's location. */
  | 'location_requester';

export type NotificationEventDefinition = {
  type: string;
  entity: NotificationEntityType;
  /** Groups the preferences in the profile. */
  group:
    | 'issues'
    | 'schedules'
    | 'collaborations'
    | 'equipment'
    | 'assets'
    | 'public'
    | 'presence'
    | 'workspaces';
  audience: readonly NotificationAudience[];
  /** The channel when the person chose none. Reminders default to the digest, urgent news to e-mail. */
  defaultChannel: Exclude<NotificationChannel, 'off'>;
  /** Made by the daily reminder run (once per recipient, entity and day) rather than by a change. */
  daily?: true;
};

export const NOTIFICATION_EVENTS = [
  {
    type: 'issue_assigned',
    entity: 'issue',
    group: 'issues',
    audience: ['assignee'],
    defaultChannel: 'email',
  },
  {
    type: 'issue_unassigned',
    entity: 'issue',
    group: 'issues',
    audience: ['previous_assignee'],
    defaultChannel: 'in_app',
  },
  {
    type: 'issue_status_changed',
    entity: 'issue',
    group: 'issues',
    audience: ['assignee', 'reporter', 'watchers'],
    defaultChannel: 'in_app',
  },
  {
    type: 'issue_review_requested',
    entity: 'issue',
    group: 'issues',
    audience: ['workspace_managers', 'reporter'],
    defaultChannel: 'email',
  },
  {
    type: 'issue_declined',
    entity: 'issue',
    group: 'issues',
    audience: ['assignee', 'reporter'],
    defaultChannel: 'email',
  },
  {
    type: 'issue_commented',
    entity: 'issue',
    group: 'issues',
    audience: ['assignee', 'reporter', 'watchers'],
    defaultChannel: 'in_app',
  },
  {
    type: 'issue_attachment_commented',
    entity: 'issue',
    group: 'issues',
    audience: ['assignee', 'reporter', 'watchers'],
    defaultChannel: 'in_app',
  },
  {
    type: 'issue_overdue',
    entity: 'issue',
    group: 'issues',
    audience: ['assignee'],
    defaultChannel: 'digest',
    daily: true,
  },
  {
    type: 'issue_due_today',
    entity: 'issue',
    group: 'issues',
    audience: ['assignee'],
    defaultChannel: 'digest',
    daily: true,
  },
  {
    type: 'schedule_assignee_decision',
    entity: 'schedule',
    group: 'schedules',
    audience: ['schedule_creator'],
    defaultChannel: 'in_app',
  },
  {
    type: 'schedule_presence_alarm',
    entity: 'schedule',
    group: 'schedules',
    audience: ['schedule_creator', 'workspace_managers'],
    // The alarm's own detailed e-mail goes to the same people already (schedule-presence.ts).
    defaultChannel: 'in_app',
  },
  {
    type: 'collaboration_invited',
    entity: 'collaboration',
    group: 'collaborations',
    audience: ['partner_admins'],
    defaultChannel: 'in_app',
  },
  {
    type: 'collaboration_answered',
    entity: 'collaboration',
    group: 'collaborations',
    audience: ['owner_admins'],
    defaultChannel: 'email',
  },
  {
    type: 'equipment_reservation_requested',
    entity: 'equipment_booking',
    group: 'equipment',
    audience: ['equipment_managers'],
    defaultChannel: 'email',
  },
  {
    type: 'equipment_handout_requested',
    entity: 'equipment_booking',
    group: 'equipment',
    audience: ['equipment_managers'],
    defaultChannel: 'email',
  },
  {
    type: 'equipment_request_decided',
    entity: 'equipment_booking',
    group: 'equipment',
    audience: ['requester'],
    defaultChannel: 'email',
  },
  {
    type: 'equipment_return_overdue',
    entity: 'equipment_booking',
    group: 'equipment',
    audience: ['requester', 'equipment_managers'],
    defaultChannel: 'email',
    daily: true,
  },
  {
    type: 'regulatory_file_expiring',
    entity: 'regulatory_file',
    group: 'assets',
    audience: ['asset_managers'],
    defaultChannel: 'digest',
    daily: true,
  },
  {
    type: 'public_report_received',
    entity: 'issue',
    group: 'public',
    audience: ['workspace_managers'],
    defaultChannel: 'email',
  },
  {
    type: 'location_requested',
    entity: 'location_request',
    group: 'presence',
    audience: ['asked_person'],
    defaultChannel: 'in_app',
  },
  {
    type: 'location_answered',
    entity: 'location_request',
    group: 'presence',
    audience: ['location_requester'],
    defaultChannel: 'in_app',
  },
  {
    // The notice date of a lease is near: once per notice date to the workspace's managers (of it
    // or above it) and the organisation's admins; made by the daily run
    // (modules/workspace-info/lease-reminders.ts), which names its recipients itself.
    type: 'lease_notice_due',
    entity: 'workspace_lease',
    group: 'workspaces',
    audience: ['workspace_managers'],
    defaultChannel: 'email',
    daily: true,
  },
] as const satisfies readonly NotificationEventDefinition[];

export type NotificationEventType = (typeof NOTIFICATION_EVENTS)[number]['type'];
export const NOTIFICATION_EVENT_TYPES = NOTIFICATION_EVENTS.map((e) => e.type) as [
  NotificationEventType,
  ...NotificationEventType[],
];

const BY_TYPE = new Map<string, NotificationEventDefinition>(NOTIFICATION_EVENTS.map((e) => [e.type, e]));

/** The row of an event type, or undefined for a type this version does not know. */
export function notificationEvent(type: string): NotificationEventDefinition | undefined {
  return BY_TYPE.get(type);
}

/** The channel a person hears of an event type through: their choice, else the event's default. */
export function effectiveChannel(
  type: NotificationEventType,
  chosen: NotificationChannel | undefined,
): NotificationChannel {
  return chosen ?? notificationEvent(type)?.defaultChannel ?? 'in_app';
}

/** Longest pause (POST notification/pause, pause_for in hours): a week. */
export const NOTIFICATION_PAUSE_MAX_HOURS = 168;

/** The web page that shows a notification's entity. */
export function notificationPath(n: {
  entity_type: string;
  entity_id: number;
  data?: { equipment_id?: number | null; asset_id?: number | null; user_id?: number | null } | null;
}): string {
  switch (n.entity_type) {
    case 'issue':
      return `/dashboard/issues/detail/${n.entity_id}`;
    case 'schedule':
      return `/dashboard/scheduling/detail/${n.entity_id}`;
    case 'collaboration':
      return `/dashboard/collaborators/detail/${n.entity_id}`;
    case 'equipment':
      return `/dashboard/equipment/detail/${n.entity_id}`;
    case 'equipment_booking':
      return n.data?.equipment_id
        ? `/dashboard/equipment/detail/${n.data.equipment_id}`
        : '/dashboard/equipment';
    case 'asset':
      return `/dashboard/assets/detail/${n.entity_id}`;
    case 'regulatory_file':
      return n.data?.asset_id ? `/dashboard/assets/detail/${n.data.asset_id}` : '/dashboard/assets';
    // The answer opens the asked person's profile (their shared locations); the request itself
    // is answered in the dialog the app shows on every page.
    case 'location_request':
      return n.data?.user_id ? `/dashboard/profile/detail/${n.data.user_id}` : '/dashboard/profile/detail';
    case 'workspace_lease':
      return `/dashboard/workspaces/lease-info/${n.entity_id}`;
    default:
      return '/dashboard';
  }
}
