// The error catalogue's texts in one language ("es"): the build replaces this module with the texts
// themselves (build/error-texts-plugin.ts), so a visitor downloads their language, not all three.
import { webErrorTexts } from "@atendo/contracts";

export default webErrorTexts("es");
