import type { About } from "@atendo/contracts";
import { http } from "../../../lib/http";

export function getAbout(signal?: AbortSignal): Promise<About> {
  return http.get<About>("/about", { signal });
}
