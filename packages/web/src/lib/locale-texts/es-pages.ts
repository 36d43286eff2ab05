// The "pages" part of the es texts (lib/locale-parts.ts): the build replaces this module with the part
// itself (build/locale-parts-plugin.ts), so a chunk carries its part, not the whole file.
import texts from "../../locales/es.json";
import { pagesPart } from "../locale-parts";

export default pagesPart(texts);
