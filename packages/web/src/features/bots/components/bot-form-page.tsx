import { botKinds, createBotBody, defaultBotKeywords, limits, type Bot, type BotKind, type CreateBotBody } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { destinationField, entityForm, nameField, textField, type EntityField } from "../../../components/entity-fields";
import { EntityFormPage } from "../../../components/entity-form-page";
import { FormSelectField } from "../../../components/form-select-field";
import { SchemaTextField } from "../../../components/schema-text-field";
import { useTranslation } from "../../../lib/i18n";
import { botsEntity } from "../api/bots.queries";

const kindShape = { kind: z.enum(botKinds) };

/** Webhook (Atendo's contract) or Typebot. */
const kindField: EntityField<Bot, typeof kindShape> = {
  shape: kindShape,
  initial: (bot) => ({ kind: bot?.kind ?? "webhook" }),
  Field: function KindField({ form }) {
    const { t } = useTranslation();
    return (
      <FormSelectField control={form.control} name="kind" label={t("bots.kind")} helperText={t("bots.kindHint")} fullWidth margin="normal">
        {botKinds.map((kind: BotKind) => (
          <MenuItem key={kind} value={kind}>
            {t(`bots.kinds.${kind}`)}
          </MenuItem>
        ))}
      </FormSelectField>
    );
  },
};

const secretShape = { secret: z.string().trim().max(1000) };

/** The secret, typed hidden; never shown again (the stored one's last characters in the hint), kept when left empty on an edit. */
const secretField: EntityField<Bot, typeof secretShape> = {
  shape: secretShape,
  initial: () => ({ secret: "" }),
  Field: function SecretField({ form, record }) {
    const { t } = useTranslation();
    const hint = record ? `${t("bots.secretStored", { hint: record.secretHint })} ${t("bots.secretHint")}` : t("bots.secretHint");
    return (
      <SchemaTextField
        form={form as unknown as UseFormReturn<FieldValues>}
        name="secret"
        rule={{ minLength: record ? null : 1, maxLength: 1000 }}
        label={t("bots.secret")}
        hint={hint}
        type="password"
        autoComplete="new-password"
      />
    );
  },
};

/** A text field whose value the record holds otherwise (a number, a list): `initial` writes it as text. */
function textOf<const K extends string>(field: EntityField<Partial<Record<K, string | null>>, Record<K, z.ZodString>>, initial: (bot: Bot | undefined) => string) {
  return { ...field, initial: (bot: Bot | undefined) => ({ [Object.keys(field.shape)[0]!]: initial(bot) }) } as unknown as EntityField<Bot, Record<K, z.ZodString>>;
}

const form = entityForm(
  [
    nameField(createBotBody.shape.name),
    kindField,
    textField("url", z.string().trim().min(1).max(2000), { label: "bots.url", hint: "bots.urlHint", invalid: "bots.urlRequired" }),
    textField("typebotId", z.string().trim().max(200), { label: "bots.typebotId", hint: "bots.typebotIdHint" }),
    secretField,
    textOf(textField("timeout", z.string().trim().regex(/^\d{1,2}$/), { label: "bots.timeout", hint: "bots.timeoutHint", invalid: "bots.timeoutInvalid" }), (bot) =>
      String(bot?.timeoutSeconds ?? limits.botTimeoutSeconds.default),
    ),
    textOf(textField("keywordList", z.string().trim().max(1000), { label: "bots.keywords", hint: "bots.keywordsHint" }), (bot) =>
      (bot?.keywords ?? defaultBotKeywords).join(", "),
    ),
    destinationField((bot: Bot) => bot.fallback),
  ],
  {
    toBody: (values): CreateBotBody => ({
      name: values.name,
      kind: values.kind,
      url: values.url,
      typebotId: values.typebotId,
      secret: values.secret,
      timeoutSeconds: Number(values.timeout),
      keywords: values.keywordList
        .split(",")
        .map((word) => word.trim())
        .filter((word) => word !== ""),
      fallback: { destinationType: values.destinationType, destinationTypeId: values.destinationItem },
    }),
  },
);

/**
 * /bots/new and /bots/edit/:id: where the bot is reached, its secret (shown only as its last
 * characters; left empty on an edit, the stored one is kept), how long it may take, the words
 * that ask for a person, and where its conversations go when it cannot answer.
 */
export function BotFormPage() {
  return <EntityFormPage entity={botsEntity} {...form} />;
}
