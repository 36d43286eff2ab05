/** Business constants and limits of spec §5 and §9, shared by server, web and tests. */
export const limits = {
  name: { min: 2, max: 50 },
  extension: { min: 3, max: 5 },
  signupPassword: { min: 5, max: 50 },
  /** The user form keeps the stricter reading of the spec: at least 8 (docs/decisions/0003). */
  userPassword: { min: 8, max: 50 },
  /** A user's capacity for automatic assignment (issue 30, decision 0079): open tickets, empty is unlimited. */
  maxOpenTickets: { min: 1, max: 1000 },
  /** How often each instance looks for tickets automatic assignment's events missed (decision 0079). */
  assignmentSweepSeconds: 10,
  feedbackMessage: { min: 50, max: 30000 },
  /** A "forgot password" link works this long, once (docs/decisions/0033). */
  passwordResetMinutes: 30,
  /** Reset e-mails one account receives per hour at most: asking more often sends nothing more. */
  passwordResetMailsPerHour: 3,
  contactNumber: { min: 8, max: 50 },
  /** Extra name/value pairs of a contact: not in the spec; bounds keep one contact reasonable. */
  contactExtraInfo: { maxItems: 50, nameMax: 50, valueMax: 1000 },
  /** Sent by the connection when a customer must choose a queue; WhatsApp texts are bounded too. */
  queueGreetingMax: 30000,
  /** A queue's SLA targets (issue 30), in minutes: one minute to a year. */
  slaMinutes: { min: 1, max: 525_600 },
  /** How often an instance looks for tickets that just breached an SLA target (the slaBreached announcement). */
  slaBreachScanSeconds: 15,
  /** How often an instance looks at the connections' statuses for alerts and recoveries (issue 31, docs/decisions/0087). */
  connectionWatchSeconds: 20,
  quickAnswerShortcut: { min: 2, max: 15 },
  quickAnswerMessage: { min: 8, max: 30000 },
  /** A label's name (issue 29): short enough for a chip. */
  tagName: { min: 1, max: 30 },
  /** Labels one ticket or contact carries at most (PUT …/tags). */
  tagsPerRecordMax: 20,
  uraSelectorMax: 2,
  /** A menu's text and an option's name (not in the spec; WhatsApp texts are bounded too). */
  uraDescriptionMax: 4000,
  uraMenuNameMax: 100,
  uraItemsMax: 50,
  /** An announcement's text. */
  announcementMax: 30000,
  /** What a customer sends to end the conversation (`canCloseTicketByMessage`). */
  closeCodeMax: 10,
  /** Unrecognised answers to a menu before the conversation falls back to waiting with no queue. */
  uraMaxMisses: 3,
  /** Routing steps in a row without a customer answer (announcements chaining): past it, the fallback. */
  routingChainMax: 10,
  monitoringNameMax: 50,
  groupName: { min: 3, max: 25 },
  forwardMaxTargets: 5,
  /** Messages forwarded in one go (not in the spec; keeps one request bounded). */
  forwardMaxMessages: 100,
  /** Tickets per page of GET /tickets. */
  ticketPageSize: 40,
  /**
   * A search matching many tickets counts up to this many and says so (`countCapped`). Each
   * match counted past the page costs a probe of a ticket's messages (docs/decisions/0052).
   */
  ticketSearchCountCap: 300,
  /**
   * Any tab counts up to this many tickets and says so (`countCapped`): a closed tab grows with
   * the years, its count would too. Above the web's badge (999+), so the web never shows it.
   */
  ticketListCountCap: 10_000,
  /**
   * A tab filtered by tags counts up to this many (`countCapped` past it): each ticket counted
   * costs a probe of its tags, and the web's badges stop at 999+ (docs/decisions/0072).
   */
  ticketTagCountCap: 1_000,
  mediaBytes: 16 * 1024 * 1024,
  mediaCheckBytes: 15 * 1024 * 1024,
  documentBytes: 100 * 1024 * 1024,
  documentCheckBytes: 99 * 1024 * 1024,
  uploadCapBytes: 1024 * 1024 * 1024,
  csvBytes: 1_000_000,
  audioMinBytes: 10_000,
  searchMinChars: 3,
  reportPageSize: 20,
  /** Longest report period the charts and the CSV cover (spec §5's download limit; docs/decisions/0059). */
  reportMaxDays: 60,
  /**
   * The years a date the server takes may name (report periods, list `date` filters): wide enough
   * for any history and any plan, narrow enough that no period costs more than its data
   * (docs/decisions/0059).
   */
  dateYears: { first: 2000, last: 2100 },
  pageSize: 20,
  /** Longest free-text search accepted by list endpoints. */
  searchMaxChars: 100,
  /** Most suggestions the message input's "/" lookup asks for. */
  quickAnswerLookupMax: 10,
  /** Most ids in one submitted list (queue members, a user's queues). */
  idListMax: 1000,
  /** Tickets one POST /tickets/bulk acts on (the list's selection; docs/decisions/0077). */
  ticketBulkMax: 500,
  /** Connection label and farewell message (spec §5: label optional, farewell free text). */
  connectionLabelMax: 50,
  farewellMessageMax: 30000,
  /** WhatsApp Cloud API: free text is accepted this long after the customer's last message (Meta's customer-service window). */
  cloudServiceWindowMs: 24 * 60 * 60 * 1000,
  /**
   * The satisfaction survey (issue 30, docs/decisions/0081): its question's length, how long a
   * customer has to answer (hours, default 24), the score scale, and the score at or below which a
   * comment is asked for (when the connection asks for comments).
   */
  surveyQuestionMax: 1000,
  surveyWindowHours: { min: 1, max: 168, default: 24 },
  surveyScore: { min: 1, max: 5 },
  surveyLowScoreMax: 2,
  /** Longest comment kept with a rating (a longer one is cut). */
  surveyCommentMax: 2000,
  /**
   * The assistant (docs/decisions/0094): the longest text a user asks it to translate or improve,
   * how many of the ticket's newest messages a summary or a suggestion reads, and how many
   * characters of them at most (the oldest of those are dropped first).
   */
  assistant: { textMax: 4000, messagesMax: 40, conversationCharsMax: 12_000 },
  /**
   * Scheduled messages (issue 31, docs/decisions/0084): how often each instance looks for due
   * ones (their lateness is at most this, plus the send), how long a claim holds a schedule from
   * the other instances (a crash mid-send: another sends it after this), a repeat's interval, and
   * how many schedules a list page holds.
   */
  schedulePollMs: 1000,
  scheduleLeaseSeconds: 60,
  scheduleInterval: { min: 1, max: 365 },
  schedulePageSize: 50,
  /** The opt-out keywords setting (issue 31): how many words, each how long (a word, not a sentence). */
  optOutKeywords: { maxKeywords: 20, keywordMax: 30 },
  /**
   * How long an instance keeps the opt-out keywords it read before reading them again: a change
   * on this instance applies at once, one made on another instance within this long.
   */
  optOutKeywordsFreshMs: 30_000,
  /**
   * A connection's outbound pace (issue 31, docs/decisions/0083): messages per minute (an API
   * connection may go up to 1,000 a second), the daily cap on outreach (0: none) and the warm-up
   * in days (0: off). The defaults per kind are in pace.ts.
   */
  pacePerMinute: { min: 1, max: 60_000 },
  paceDailyCap: { min: 0, max: 1_000_000 },
  paceWarmUpDays: { min: 0, max: 90 },
  /** Longest message text accepted from an attendant or a channel (WhatsApp's own bound is 65,536). */
  messageBodyMax: 65_536,
  /** How long a bot may take to answer before its conversation goes to its fallback (docs/decisions/0092). */
  botTimeoutSeconds: { min: 1, max: 30, default: 10 },
  botKeywordsMax: 20,
  botKeywordMax: 50,
  /** Campaigns (issue 31): a name, the message, and the contacts chosen one by one. */
  campaignNameMax: 100,
  campaignBodyMax: 4_096,
  campaignContactIdsMax: 10_000,
  /** Messages per page of GET /messages/{ticketId} (newest page first; docs/decisions/0014). */
  messagePageSize: 40,
  /** Files in one multipart POST /messages/{ticketId}. */
  mediaFilesPerMessage: 10,
  /** External ids (API channel) and file names. */
  externalIdMax: 200,
  fileNameMax: 255,
  /**
   * A request body (an upload above all) that sends nothing for this long is given up: 408
   * ERR_UPLOAD_TIMEOUT, connection closed, temporary file removed (docs/decisions/0032).
   * UPLOAD_IDLE_TIMEOUT_SECONDS overrides it.
   */
  uploadIdleSeconds: 30,
  /**
   * The longest any request body may take to arrive, however steadily it trickles: 100 MB at
   * about 0.5 Mbit/s. UPLOAD_MAX_SECONDS overrides it.
   */
  uploadMaxSeconds: 30 * 60,
  /**
   * A temporary upload file (`*.upload` in MEDIA_DIR) untouched for this long belongs to no
   * request any more (longer than uploadMaxSeconds): the sweep removes it.
   */
  orphanUploadSeconds: 2 * 60 * 60,
  /** Between two sweeps of orphan upload files (one also runs at start-up). */
  uploadSweepSeconds: 15 * 60,
  /**
   * A user none of whose sockets has been connected for this long becomes `offline` (issue 30;
   * docs/decisions/0078). Checked every presenceCheckSeconds, so it happens within that much after.
   */
  presenceOfflineAfterSeconds: 2 * 60,
  /** Between two presence rounds of an instance: its users' sockets stamped as seen, the absent made offline. */
  presenceCheckSeconds: 20,
  /**
   * Largest file an API-channel message may carry inline, base64 in JSON (the whole body is held
   * in memory several times over); larger files, up to documentBytes, go as multipart/form-data,
   * streamed to disk.
   */
  channelInlineFileBytes: 16 * 1024 * 1024,
} as const;

export const timing = {
  debounceMs: 500,
  formSubmitDelayMs: 400,
  toastErrorMs: 1000,
  toastSuccessMs: 1000,
  toastInfoMs: 5000,
  snackbarMs: 6000,
  notificationCloseMs: 1000,
  /**
   * The live monitor (issue 30) gathers the events of a burst into one refetch of GET /api/monitor,
   * this long after the first of them: well under the 1 s the figures must follow an event by.
   */
  monitorRefreshMs: 250,
} as const;

export const layout = {
  drawerWidth: 240,
  sideDrawerWidth: 320,
  bubbleMaxWidth: 600,
  mediaPreview: 250,
  qrSize: 256,
  infiniteScrollPx: 100,
  olderMessagesPx: 50,
  inputMaxRows: 5,
  breakpoints: { xs: 0, sm: 480, md: 768, lg: 1024, xl: 1536 },
  /** Below this width the drawer is temporary (spec §2). */
  temporaryDrawerBelow: 600,
  marketingPanelFrom: 1024,
} as const;

export const licence = { users: 5, administrators: 1 } as const;

export const languages = ["en", "pt", "es"] as const;

/**
 * Automation rules (issue 33, docs/decisions/0093), apart from `limits` so that the screens that
 * never show a rule (the tickets page above all) do not carry them.
 */
export const automationLimits = {
  /** Conditions and actions one rule holds at most. */
  conditionsMax: 10,
  actionsMax: 10,
  /** A condition's text, and a `matches` pattern (short: it is compiled on every message). */
  textMax: 200,
  patternMax: 100,
  /** A message's text a `matches` condition reads at most (a bound on the regex's work). */
  matchedTextMax: 1000,
  /** A ticketIdle rule's minutes: one minute to a week. */
  idleMinutes: { min: 1, max: 10_080 },
  /** How deep a rule's own actions may trigger rules again (a tag that adds a tag…). */
  depthMax: 3,
  /** Runs kept per rule (the log), and events a dry run replays. */
  runsKept: 100,
  dryRunEvents: 50,
  /** How often an instance re-reads which triggers have an enabled rule (changes made elsewhere). */
  cacheSeconds: 5,
  /** How often an instance looks for idle tickets and SLA targets at risk for the rules. */
  scanSeconds: 30,
  /** A webhook action's receiver answers within this. */
  webhookTimeoutMs: 10_000,
} as const;
