import { fillTemplate, type CloudTemplate, type CloudTemplateList, type Message, type SendTemplateBody } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import DialogContent from "@mui/material/DialogContent";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { http } from "../../../lib/http";
import { useTranslation } from "../../../lib/i18n";
import { storeInPages } from "../hooks/use-message-pages";
import { messagesKey } from "../hooks/use-messages";

export interface TemplateDialogProps {
  open: boolean;
  ticketId: number;
  connectionId: number;
  onClose(): void;
}

const filled = (values: string[], count: number) => Array.from({ length: count }, (_, i) => values[i] ?? "");

/**
 * "Send a template" (WhatsApp Cloud API, decision 0089): the connection's approved templates, a
 * field per variable, the text as the customer will read it, sent through
 * POST /messages/{ticketId}/template. Loaded the first time it opens (lazyDialog).
 */
export function TemplateDialog({ open, ticketId, connectionId, onClose }: TemplateDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ["cloudTemplates", connectionId], queryFn: () => http.get<CloudTemplateList>(`/connections/${connectionId}/templates`), enabled: open });
  const approved = (list.data?.templates ?? []).filter((template) => template.status === "APPROVED");
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [body, setBody] = useState<string[]>([]);
  const chosen: CloudTemplate | undefined = approved.find((template) => template.id === chosenId) ?? approved[0];
  const headerValues = filled(header, chosen?.headerVariables ?? 0);
  const bodyValues = filled(body, chosen?.bodyVariables ?? 0);
  const send = useMutation({
    mutationFn: (input: SendTemplateBody) => http.post<{ messages: Message[] }>(`/messages/${ticketId}/template`, input),
    onSuccess: ({ messages }) => {
      storeInPages(queryClient, messagesKey(ticketId), messages);
      onClose();
    },
  });
  const complete = chosen !== undefined && [...headerValues, ...bodyValues].every((value) => value.trim() !== "");
  const preview = chosen && [chosen.header && fillTemplate(chosen.header, headerValues), fillTemplate(chosen.body, bodyValues), chosen.footer].filter(Boolean).join("\n\n");
  const field = (label: string, values: string[], set: (values: string[]) => void) => (_: string, i: number) => (
    <TextField
      key={`${label}${i}`}
      label={`${label} {{${i + 1}}}`}
      value={values[i]}
      onChange={(event) => set(values.map((value, j) => (j === i ? event.target.value : value)))}
      required
      fullWidth
      slotProps={{ htmlInput: { maxLength: 1024 } }}
    />
  );

  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t("cloudChannel.templateTitle")}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen && complete) send.mutate({ templateId: chosen.id, headerParameters: headerValues, bodyParameters: bodyValues });
        }}
      >
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {list.isSuccess && approved.length === 0 && <Alert severity="info">{t("cloudChannel.noTemplates")}</Alert>}
            {chosen && (
              <TextField
                select
                label={t("cloudChannel.template")}
                value={chosen.id}
                onChange={(event) => {
                  setChosenId(Number(event.target.value));
                  setHeader([]);
                  setBody([]);
                }}
              >
                {approved.map((template) => (
                  <MenuItem key={template.id} value={template.id}>
                    {template.name} ({template.language})
                  </MenuItem>
                ))}
              </TextField>
            )}
            {headerValues.map(field(t("cloudChannel.headerVariable"), headerValues, setHeader))}
            {bodyValues.map(field(t("cloudChannel.bodyVariable"), bodyValues, setBody))}
            {preview && (
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", bgcolor: "action.hover", p: 1.5, borderRadius: 1 }} aria-label={t("cloudChannel.preview")}>
                {preview}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogSubmitActions label={t("cloudChannel.send")} onCancel={onClose} pending={send.isPending} disabled={!complete} />
      </form>
    </ResponsiveDialog>
  );
}
