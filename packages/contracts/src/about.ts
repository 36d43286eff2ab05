import { z } from "zod";

export const aboutResponse = z.object({
  usersCount: z.number(),
  administrators: z.number(),
  libVersion: z.string(),
  tagVersion: z.string(),
});
export type About = z.infer<typeof aboutResponse>;
