// Local ESLint rule: file and folder names. Names are part of the architecture
// (a module's files say their role), so they are checked like imports are.
import path from "node:path";

const KEBAB = "[a-z0-9]+(?:-[a-z0-9]+)*";
/** Any source file: kebab-case segments joined by dots (`ticket.policy.ts`, `a-b.real-socket.test.ts`). */
const ANY_FILE = new RegExp(`^${KEBAB}(?:\\.${KEBAB})*\\.(?:ts|tsx|js|mjs)$`);
/** Roles a file under server `src/modules/<domain>/` may carry; a plain kebab-case name is fine too. */
export const moduleRoles = ["routes", "service", "policy", "repo", "presenter", "schema"];
const ROLE = `(?:\\.(?:${moduleRoles.join("|")}))?`;
/** `name[.role].ts`, or a test: `name[.role][.aspect].test.ts`. */
const MODULE_FILE = new RegExp(`^${KEBAB}${ROLE}(?:(?:\\.${KEBAB})?\\.test)?\\.ts$`);
const MODULE_DIR = `${path.sep}packages${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;

/** @type {import("eslint").Rule.RuleModule} */
export const fileNaming = {
  meta: {
    type: "suggestion",
    docs: { description: "kebab-case file and folder names; server module files carry a known role suffix" },
    schema: [{ type: "object", properties: { root: { type: "string" } }, additionalProperties: false }],
    messages: {
      file: 'File name "{{name}}" is not kebab-case (segments like `ticket-list.service.ts`).',
      dir: 'Folder "{{name}}" is not kebab-case.',
      role: 'File "{{name}}" under modules/ must be plain kebab-case or end in one of: {{roles}} (then `.test.ts` for tests).',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const root = context.options[0]?.root ?? context.cwd;
    return {
      Program(node) {
        const name = path.basename(file);
        if (!ANY_FILE.test(name)) {
          context.report({ node, messageId: "file", data: { name } });
          return;
        }
        const moduleAt = file.indexOf(MODULE_DIR);
        if (moduleAt >= 0 && !MODULE_FILE.test(name)) {
          context.report({ node, messageId: "role", data: { name, roles: moduleRoles.map((r) => `.${r}.ts`).join(", ") } });
        }
        const dirs = path.relative(root, path.dirname(file)).split(path.sep).filter(Boolean);
        const bad = dirs.find((d) => !new RegExp(`^${KEBAB}$`).test(d));
        if (bad) context.report({ node, messageId: "dir", data: { name: bad } });
      },
    };
  },
};
