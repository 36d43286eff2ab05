import { z } from "zod";

export const aboutResponse = z.object({
  /** Active users, administrators included. */
  usersCount: z.number(),
  administrators: z.number(),
  /** The seats this install's licence allows (LICENCE_USERS, LICENCE_ADMINISTRATORS; spec default 5 and 1). */
  licence: z.object({ users: z.number(), administrators: z.number() }),
  libVersion: z.string(),
  tagVersion: z.string(),
});
export type About = z.infer<typeof aboutResponse>;
