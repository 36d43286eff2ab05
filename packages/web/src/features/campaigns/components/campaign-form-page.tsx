import { createCampaignBody, type Campaign, type Contact } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { BusinessHoursField } from "../../../components/business-hours-field";
import { CardForm } from "../../../components/form-card-actions";
import { FormPage } from "../../../components/form-page";
import { FormSelectField } from "../../../components/form-select-field";
import { FormNameField, FormTextField, lengthOf } from "../../../components/form-text-field";
import { fieldBinding, useContractForm } from "../../../lib/form";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useIdParam } from "../../../lib/use-id-param";
import { useConnections } from "../../connections";
import { useQueues } from "../../queues";
import { useEditedCampaign, useSaveCampaign } from "../hooks/use-campaigns";
import { campaignBodyOf, campaignFormDefaults, campaignFormSchema } from "../lib/campaign-form";
import { customFieldNames } from "../lib/campaign-variables";
import { AudienceContactsField } from "./audience-contacts-field";
import { AudienceCount } from "./audience-count";
import { AudienceTagsField } from "./audience-tags-field";
import { CampaignCsvUpload } from "./campaign-csv-upload";
import { CampaignFormSection } from "./campaign-form-section";
import { CampaignPreview } from "./campaign-preview";
import { FilePickButton } from "../../../components/file-pick-button";
import { MessageField } from "./message-field";

const windowTexts = { switch: "campaigns.form.window", offHint: "campaigns.form.windowOff", onHint: "campaigns.form.windowOn" };

/** What a message may carry (as the composer's attachments: pictures, video, audio, documents). */
const mediaTypes = "image/*,video/*,audio/*,application/pdf,.doc,.docx,.xls,.xlsx,.txt,.csv";

/** The draft's fields: who (connection, reply queue, audience), what (message, file, preview), when (start, window). */
function CampaignForm({ campaign }: { campaign: Campaign | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useContractForm(campaignFormSchema, campaignFormDefaults(campaign));
  const { control } = form;
  const connections = useConnections({ silent: true });
  const queues = useQueues({ silent: true });
  const save = useSaveCampaign(campaign?.id);
  const [media, setMedia] = useState<File | null>(null);
  const [previewContact, setPreviewContact] = useState<Contact | null>(null);
  const audience = useWatch({ control, name: "audience" });
  const body = useWatch({ control, name: "body" });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { body: campaignBodyOf(values), media },
      {
        onSuccess: (saved) => {
          toast.success(t("campaigns.saved"));
          void navigate(paths.campaign.href(saved.id));
        },
      },
    ),
  );
  return (
    <CardForm onSubmit={(event) => void onSubmit(event)} cancelTo={campaign ? paths.campaign.href(campaign.id) : paths.campaigns} pending={save.isPending}>
      <FormNameField form={form} label={t("campaigns.name")} length={lengthOf(createCampaignBody.shape.name)} autoFocus={!campaign} />
      <FormSelectField
        control={control}
        name="whatsappId"
        label={t("campaigns.connection")}
        required
        format={(id) => (id ? id : "")}
        parse={Number}
        error={form.formState.isSubmitted && !!form.formState.errors.whatsappId}
        helperText={form.formState.errors.whatsappId ? t("campaigns.form.connectionRequired") : t("campaigns.form.connectionHint")}
      >
        {(connections.data ?? []).map((connection) => (
          <MenuItem key={connection.id} value={connection.id}>
            {connection.name}
          </MenuItem>
        ))}
      </FormSelectField>
      <FormSelectField
        control={control}
        name="queueId"
        label={t("campaigns.form.queue")}
        format={(id) => id ?? ""}
        parse={(value) => (value === "" ? null : Number(value))}
        helperText={t("campaigns.form.queueHint")}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">
          <em>{t("campaigns.form.noQueue")}</em>
        </MenuItem>
        {(queues.data ?? []).map((queue) => (
          <MenuItem key={queue.id} value={queue.id}>
            {queue.name}
          </MenuItem>
        ))}
      </FormSelectField>

      <Divider />
      <CampaignFormSection title={t("campaigns.form.audience")} description={t("campaigns.form.audienceHint")}>
        <Controller control={control} name="audience.tagIds" render={({ field }) => <AudienceTagsField {...fieldBinding<number[]>(field)} />} />
        <Controller control={control} name="audience.contactIds" render={({ field }) => <AudienceContactsField {...fieldBinding<number[]>(field)} />} />
        <FormTextField form={form} name="audience.search" label={t("campaigns.audience.search")} helperText={t("campaigns.audience.searchHint")} />
        {campaign?.status === "draft" ? (
          <CampaignCsvUpload campaign={campaign} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t("campaigns.csv.afterSaving")}
          </Typography>
        )}
        <AudienceCount audience={audience} uploadedContacts={campaign?.uploadedContacts ?? 0} />
      </CampaignFormSection>

      <Divider />
      <CampaignFormSection title={t("campaigns.form.message")}>
        <MessageField control={control} customFields={previewContact ? customFieldNames([previewContact]) : []} />
        {campaign ? (
          // The file goes with the draft's creation (multipart); a saved draft keeps the one it has.
          <Typography variant="body2" color="text.secondary">
            {campaign.mediaName ? t("campaigns.detail.media", { name: campaign.mediaName }) : t("campaigns.form.noMediaSaved")}
          </Typography>
        ) : (
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1.5, rowGap: 1 }}>
            <FilePickButton label={t(media ? "campaigns.form.changeMedia" : "campaigns.form.media")} accept={mediaTypes} onPick={setMedia} />
            <Typography variant="body2" sx={{ flex: "1 1 12rem", minWidth: 0, overflowWrap: "anywhere" }} color={media ? "text.primary" : "text.secondary"}>
              {media?.name ?? t("campaigns.form.noMedia")}
            </Typography>
          </Box>
        )}
        <CampaignPreview body={body} contact={previewContact} onContact={setPreviewContact} />
      </CampaignFormSection>

      <Divider />
      <CampaignFormSection title={t("campaigns.form.when")}>
        <FormTextField
          form={form}
          name="startAt"
          type="text"
          label={t("campaigns.form.startAt")}
          helperText={t("campaigns.form.startAtHint")}
          slotProps={{ htmlInput: { type: "datetime-local" }, inputLabel: { shrink: true } }}
        />
        <Controller
          control={control}
          name="window"
          render={({ field }) => <BusinessHoursField {...fieldBinding<Campaign["window"]>(field)} texts={windowTexts} />}
        />
      </CampaignFormSection>
    </CardForm>
  );
}

/** /campaigns/new and /campaigns/edit/:id (admins): a draft, saved to its page, where it starts. */
export function CampaignFormPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const editing = useEditedCampaign(id);
  return (
    <FormPage title={t(id === undefined ? "campaigns.newTitle" : "campaigns.editTitle")} queries={editing.queries} ready={editing.ready}>
      {editing.ready && <CampaignForm campaign={editing.campaign} />}
    </FormPage>
  );
}
