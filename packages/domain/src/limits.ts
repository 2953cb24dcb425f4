/** Business constants and limits of 000 §5 and §9, named once for server and web. */
export const TEXT_FIELD_MAX = 255;
export const EMAIL_MAX = 255;
/** Phone numbers on profiles. */
export const PHONE_MAX = 50;
export const PASSWORD_MIN = 8;
/** Upper bound to keep password hashing cheap to refuse; not a spec number. */
export const PASSWORD_MAX = 128;
export const ISSUE_TITLE_MIN = 2;
export const ISSUE_TITLE_MAX = 255;
/** A duplicate's title must be longer than 2 (000 §5 "Duplicate issue"). */
export const ISSUE_DUPLICATE_TITLE_MIN = 3;
/** Issue description, when given: at least 10 characters (000 §5). */
export const ISSUE_DESCRIPTION_MIN = 10;
export const PROCESS_NUMBER_LENGTH = 6;
export const DUPLICATE_TITLE_SUFFIX = ' (Copy)';

/**
 * Text templates (001 §5, §9): one template's text (our choice, as the long text areas of 000 §5),
 * at most this many sent to the autocomplete, at most this many suggestions shown, and the typed
 * characters before suggestions start.
 */
export const TEXT_TEMPLATE_TEXT_MAX = 5000;
export const TEXT_TEMPLATES_LIMIT = 2000;
export const TEXT_TEMPLATE_PREVIEW_COUNT = 10;
export const TEXT_TEMPLATE_MIN_QUERY = 3;

export const PAGE_DEFAULT = 1;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_OPTIONS = [20, 40, 60, 80, 160, 200] as const;
/** Page sizes no list offers but a call of the spec asks for: the schedule page's latest issues (000 §7, 001 §7: 3). */
export const PAGE_SIZE_CALL_ONLY = [3] as const;
export const COLLABORATION_PAGE_SIZE = 10;
export const PROFILE_FILTER_PAGE_SIZE = 10;

export const SEARCH_DEBOUNCE_MS = 1000;
export const SUCCESS_MODAL_MS = 800;
export const PICKER_REOPEN_DELAY_MS = 500;
export const CHUNK_RELOAD_THROTTLE_MS = 30_000;
export const CACHE_EXPIRY_MS = 5 * 60_000;

export const BREAKPOINT_DESKTOP = 1200;
export const BREAKPOINT_TABLET = 768;
export const SIDEBAR_EXPANDED_MIN_WIDTH = 1350;

export const ATTACHMENT_MAX_FILE_BYTES = 2_000_000;
export const ATTACHMENT_MAX_TOTAL_BYTES = 20_000_000;
/** The attachment gallery of 001 §2 and §9. */
export const ATTACHMENT_DESCRIPTION_MAX = 255;
export const GALLERY_DRAG_ACTIVATION_PX = 8;
export const ATTACHMENT_COMMENT_LOG_MAX_HEIGHT_PX = 350;
/** An attachment created or changed this recently shows its full file (thumbnails may lag). */
export const ATTACHMENT_FRESH_MS = 5 * 60_000;
export const CAROUSEL_MAX_DOTS = 6;
/** Oversized images are rescaled to this width first, then to two thirds repeatedly. */
export const IMAGE_RESCALE_START_WIDTH = 1920;
export const UPLOAD_MAX_FILE_BYTES = 10_000_000;
export const UPLOAD_MAX_BATCH_BYTES = 20_000_000;
export const PROFILE_IMAGE_MAX_BYTES = 800_000;
export const PROFILE_IMAGE_MIN_SIDE = 120;

/** Session length of a login: a day, or thirty with remember-me. */
export const SESSION_TTL_MS = 24 * 60 * 60_000;
export const SESSION_TTL_REMEMBER_MS = 30 * 24 * 60 * 60_000;
/** One-time links: password reset, token login, invitations. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const LOGIN_LINK_TTL_MS = 15 * 60_000;
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * Login throttling (apps/server/src/modules/auth/throttle.ts): failures are counted per account
 * and IP (per account and device for a known device). After LOGIN_MAX_FAILURES of them each
 * further try waits LOGIN_DELAY_BASE_MS × 2^(failures − LOGIN_MAX_FAILURES), at most
 * LOGIN_DELAY_MAX_MS (429 too_many_attempts with Retry-After). Unknown devices are also slowed
 * after LOGIN_ACCOUNT_MAX_FAILURES failures on one account from anywhere, and after
 * LOGIN_IP_MAX_FAILURES failures from one IP on any accounts. A count starts over after
 * LOGIN_FAILURE_WINDOW_MS without a failure.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_ACCOUNT_MAX_FAILURES = 10;
export const LOGIN_IP_MAX_FAILURES = 20;
export const LOGIN_DELAY_BASE_MS = 1000;
export const LOGIN_DELAY_MAX_MS = 15 * 60_000;
export const LOGIN_FAILURE_WINDOW_MS = 60 * 60_000;
/** The person is told of failed logins on their account by e-mail at most this often. */
export const LOGIN_NOTICE_INTERVAL_MS = 60 * 60_000;
/** A browser that logged in is known (its device cookie) this long after its last login. */
export const LOGIN_DEVICE_TTL_MS = 365 * 24 * 60 * 60_000;
/** Device tokens kept in one browser's cookie (people who use several accounts there). */
export const LOGIN_DEVICE_COOKIE_MAX = 5;
/**
 * Password-reset and login-link mails: at most AUTH_MAIL_MAX_PER_ADDRESS of each kind per address
 * in AUTH_MAIL_WINDOW_MS (further requests answer the same, and nothing is sent), and at most
 * AUTH_MAIL_MAX_PER_IP requests from one IP (then 429).
 */
export const AUTH_MAIL_MAX_PER_ADDRESS = 3;
export const AUTH_MAIL_MAX_PER_IP = 20;
export const AUTH_MAIL_WINDOW_MS = 60 * 60_000;
