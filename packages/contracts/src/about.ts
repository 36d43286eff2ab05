import { z } from "zod";

export const aboutResponse = z.object({
  /** Active users, administrators included. */
  usersCount: z.number(),
  administrators: z.number(),
  /** Active supervisors (decision 0099); they take a user's seat, not an administrator's. */
  supervisors: z.number(),
  /** The seats this install's licence allows (LICENCE_USERS, LICENCE_ADMINISTRATORS; spec default 5 and 1). */
  licence: z.object({ users: z.number(), administrators: z.number() }),
  /** The attendants' assistant (docs/decisions/0094): on or off, and how often it was used in the last 30 days. */
  assistant: z.object({ enabled: z.boolean(), usesLast30Days: z.number() }),
  libVersion: z.string(),
  tagVersion: z.string(),
});
export type About = z.infer<typeof aboutResponse>;
