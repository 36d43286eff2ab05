// The "start" part of the pt texts (lib/locale-parts.ts): the build replaces this module with the part
// itself (build/locale-parts-plugin.ts), so a chunk carries its part, not the whole file.
import texts from "../../locales/pt.json";
import { startPart } from "../locale-parts";

export default startPart(texts);
