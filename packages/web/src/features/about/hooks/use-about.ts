import { useQuery } from "@tanstack/react-query";
import { getAbout } from "../api/about.api";

export function useAbout() {
  return useQuery({
    queryKey: ["about"],
    queryFn: ({ signal }) => getAbout(signal),
    meta: { silent: true }, // the page shows the error itself
  });
}
