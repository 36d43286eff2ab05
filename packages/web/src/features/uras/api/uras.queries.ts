import type { CreateUraBody, UpdateUraBody, Ura } from "@atendo/contracts";
import { resourceApi } from "../../../lib/resource-api";
import { wholeListResource } from "../../../lib/whole-list-resource";

/** Every menu, by name (GET /uras is small and unpaged), each one, and their mutations. */
export const urasResource = wholeListResource("uras", resourceApi<Ura, CreateUraBody, UpdateUraBody>("/uras"), (ura) => ura.name);
