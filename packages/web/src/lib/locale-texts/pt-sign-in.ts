// The sign-in page's own texts in pt (lib/locale-parts.ts, signInOnlyBlocks) with the texts of the
// error codes only that page shows: the build replaces this module with the object itself
// (build/locale-parts-plugin.ts), downloaded by the page when it needs them.
import { signInPageErrorTexts } from "@atendo/contracts";
import texts from "../../locales/pt.json";
import { signInPart } from "../locale-parts";

export default { ...(signInPart(texts) as Pick<typeof texts, "sso">), errors: signInPageErrorTexts("pt") };
