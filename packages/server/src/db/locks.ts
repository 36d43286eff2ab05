/**
 * Every PostgreSQL advisory-lock id Atendo takes, each named once. Two locks sharing an id make
 * unrelated work wait for each other (a demoted admin once waited for a running contact import:
 * both were 7_261_003); `locks.test.ts` fails on a repeat, and on an id written anywhere else.
 *
 * Advisory locks are per database; an id is still never reused across databases, so one table
 * answers "is this id taken?". The one-key form `pg_advisory_*lock(id)` and the two-key form
 * `pg_advisory_*lock(class, object)` do not meet in PostgreSQL, but a class is not reused as a key
 * either. When the table was made, the session-level ids that instances of two versions
 * running side by side must agree on (migrations, ownership, contact import) kept their values;
 * the embedded instance lock moved (its folder serves one Atendo at a time: stop the old one
 * first), and so did the transaction-level ones, which only serialise short writes.
 */
export const advisoryLocks = {
  /**
   * Session-level, for the length of the migrations at start-up (db/client.ts): instances
   * starting together apply them one after the other.
   */
  migrations: 7_261_001,
  /**
   * Session-level, two-key form (this class, the connection's id), on one dedicated session per
   * instance: the instance that runs a connection whose session cannot be shared
   * (channels/ownership.ts, docs/decisions/0025).
   */
  connectionOwnership: 7_261_002,
  /**
   * Session-level, on a connection of its own for the whole run: the process running the
   * install's contact import, so that one left running by a dead process is told apart
   * (modules/contact-import/import-lock.ts, docs/decisions/0040). Tried transaction-level by
   * another process to find such orphans (contact-import.repo.ts).
   */
  contactImport: 7_261_003,
  /**
   * Session-level, in the embedded server's `postgres` database, for as long as Atendo runs: the
   * Atendo using an embedded server's folder (db/embedded/folder-lock.ts, docs/decisions/0035).
   */
  embeddedInstance: 7_261_004,
  /**
   * Transaction-level: the writes that read or move the default connection flag take turns
   * (modules/connections/default-flag.ts).
   */
  defaultConnection: 7_261_005,
  /**
   * Transaction-level: the writes that take an admin away (demotion, removal) take turns, so the
   * install keeps its last active admin (modules/users/user.policy.ts).
   */
  lastAdmin: 7_261_006,
  /**
   * Transaction-level: saves of announcements leading to announcements take turns, so two saves
   * cannot close a loop together (modules/destinations/announcement-loop.ts).
   */
  announcementChain: 7_261_037,
  /**
   * Transaction-level: automatic assignment passes take turns across instances, so every pass
   * counts each attendant's open tickets after the last one committed: no ticket is given twice
   * and nobody goes over capacity, even when they belong to two queues (modules/assignment,
   * docs/decisions/0079).
   */
  autoAssignment: 7_261_079,
  /**
   * Transaction-level, tried: one instance at a time runs a round of the connection watch
   * (jobs/connection-watch.ts, docs/decisions/0087); the others skip theirs.
   */
  connectionWatch: 7_261_087,
} as const;

export type AdvisoryLock = keyof typeof advisoryLocks;
