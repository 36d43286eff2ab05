// bench:sockets' attendants written straight into the database, with a signed-in session each:
// through the API every attendant costs an argon2id hash (POST /api/users) and a verification
// (its sign-in), ≈ 14 ms of CPU each (65 ms of wall time on the loaded 2-core machine), so 10,000
// of them would take longer than the run they set up. Here: three statements and one HS256 signature per attendant. The server
// cannot tell the difference: the same rows its own sign-in writes (users, user_queues, sessions),
// and an access token signed with its JWT_SECRET (which the bench hands it) with the claims
// session-start.ts puts in one.
import pg from "pg";
import { signAccessToken } from "../../packages/server/src/modules/auth/tokens.js";

export interface BulkAttendant {
  email: string;
  queueId: number;
}

/** Long enough for the slowest connection phase: sockets are authenticated once, at their handshake. */
const tokenTtlSeconds = 3_600;

/**
 * Creates `attendants` (profile user, in their queue, with the password of `passwordOf`'s user) and
 * one session each; resolves with their access tokens, in the order given.
 */
export async function insertAttendants(databaseUrl: string, jwtSecret: string, passwordOf: string, attendants: BulkAttendant[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    const emails = attendants.map((a) => a.email);
    const { rows: users } = await client.query<{ id: number; email: string; token_version: number }>(
      `insert into users (name, email, password_hash, profile)
       select 'Attendant ' || split_part(email, '@', 1), email, (select password_hash from users where email = $2), 'user'
       from unnest($1::text[]) as email
       returning id, email, token_version`,
      [emails, passwordOf],
    );
    await client.query(
      `insert into user_queues (user_id, queue_id)
       select u.id, q.queue_id from unnest($1::text[], $2::int[]) as q(email, queue_id) join users u on u.email = q.email`,
      [emails, attendants.map((a) => a.queueId)],
    );
    const { rows: sessions } = await client.query<{ id: string; user_id: number }>(
      "insert into sessions (user_id) select unnest($1::int[]) returning id, user_id",
      [users.map((u) => u.id)],
    );
    await client.query("commit");
    const sessionOf = new Map(sessions.map((s) => [s.user_id, s.id]));
    const key = new TextEncoder().encode(jwtSecret);
    const tokenOf = new Map<string, string>();
    for (const user of users) {
      const claims = { userId: user.id, profile: "user" as const, tokenVersion: user.token_version, sessionId: sessionOf.get(user.id)! };
      tokenOf.set(user.email, await signAccessToken(key, claims, tokenTtlSeconds));
    }
    return emails.map((email) => tokenOf.get(email)!);
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
